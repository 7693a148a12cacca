// Binary integer literals, as clang (so DXC) reads them: `0b`/`0B`, with the
// usual suffixes, in code and in #if (FidelityFX SSSR's tile masks).
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s

#define TILE_MASK 0b111111111111111
#if (0b1010 | 0B0101) != 15
#error binary literals in #if
#endif

RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint64_t> Wide : register(u1);

[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 0, i32 0, i32 32767,
  Out[0] = TILE_MASK;
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 1, i32 0, i32 5,
  Out[1] = 0b101u;
  // CHECK: call void @"dx.op.rawBufferStore.i64"({{.*}}, i32 0, i32 0, i64 4294967296,
  Wide[0] = 0b100000000000000000000000000000000ull;
  // CHECK: and i32 {{%"\.[0-9]+"}}, 6
  Out[2] = i & 0b0110;
}
