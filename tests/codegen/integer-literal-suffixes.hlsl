// Integer literal suffixes as DXC types them.  Before HLSL 202x `l` is
// 32-bit (HLSL, like MSVC, has a 32-bit long): `5ul` is a uint, `3l` an int,
// a non-decimal `0x10l` a uint; only `ll` makes a 64-bit literal.  From HLSL
// 202x the C rules: the smallest of int, uint (`u` or non-decimal),
// int64_t, uint64_t that holds the value, with `l` as `ll`.
// RUN: %hlslc -T cs_6_6 -E main %s -o - | FileCheck %s
// RUN: %hlslc -T cs_6_6 -E main -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_6 -E main -HV 202x -fsyntax-only -verify %s

RWStructuredBuffer<uint> Out : register(u0);

#if __HLSL_VERSION > 2021
_Static_assert(std::is_same<__decltype(0), int>::value, "0 is int");
_Static_assert(std::is_same<__decltype(2147483648), int64_t>::value, "decimal past int is int64_t");
_Static_assert(std::is_same<__decltype(0xF0000000), uint>::value, "hexadecimal past int is uint");
_Static_assert(std::is_same<__decltype(0xF000000000000000), uint64_t>::value, "past int64_t is uint64_t");
_Static_assert(std::is_same<__decltype(1l), int64_t>::value, "l is 64-bit");
_Static_assert(std::is_same<__decltype(1ul), uint64_t>::value, "ul is 64-bit");
#else
_Static_assert(!std::is_same<__decltype(1), int>::value, "an unsuffixed literal is a literal int");
_Static_assert(std::is_same<__decltype(1l), int32_t>::value, "l is 32-bit");
_Static_assert(std::is_same<__decltype(1ul), uint32_t>::value, "ul is 32-bit");
_Static_assert(std::is_same<__decltype(1lu), uint32_t>::value, "lu is 32-bit");
_Static_assert(std::is_same<__decltype(0x10l), uint32_t>::value, "a hexadecimal l is unsigned");
_Static_assert(std::is_same<__decltype(1ll), int64_t>::value, "ll is 64-bit");
_Static_assert(std::is_same<__decltype(1ull), uint64_t>::value, "ull is 64-bit");
_Static_assert(5000000000l == 705032704, "an l literal's value is cut to 32 bits");
#endif
_Static_assert(std::is_same<__decltype(1u), uint>::value, "u is uint");
_Static_assert(std::is_same<__decltype(1llu), uint64_t>::value, "llu is uint64_t");
// expected-no-diagnostics

[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  Out[i] = (i + 5ul) * 3l << 1ul;
  Out[i + 1] = (uint)(i + 7ll);
}
// 32-bit arithmetic for l and ul; 64-bit only for ll.
// CHECK: add i32 %{{.*}}, 5
// CHECK-NEXT: mul i32 %{{.*}}, 3
// CHECK-NEXT: shl i32 %{{.*}}, 1
// CHECK: add i64 %{{.*}}, 7
