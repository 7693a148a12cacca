// RUN: %hlslc -spirv -S -T cs_6_0 %s -o - | FileCheck %s
// RUN: %hlslc -spirv -T cs_6_0 %s -o %t.spv && %spirv-val %t.spv
// A UAV the shader only stores to is NonReadable, as GLSL's `writeonly`
// declares it (the driver then knows the buffer is write-only); one it also
// reads, or updates atomically, is not; an SRV stays NonWritable.

// CHECK-DAG: OpMemberDecorate %type_RWByteAddressBuffer 0 NonReadable
// CHECK-DAG: OpMemberDecorate %type_ByteAddressBuffer 0 NonWritable
// CHECK-NOT: OpMemberDecorate %type_RWByteAddressBuffer_1 0 NonReadable
// CHECK-NOT: OpMemberDecorate %type_RWByteAddressBuffer_2 0 NonReadable
// CHECK: OpFunction

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
RWByteAddressBuffer Both : register(u1);
RWByteAddressBuffer Counter : register(u2);

[numthreads(64, 1, 1)]
void main(uint i : SV_DispatchThreadID)
{
    uint v = In.Load(i * 4);
    Out.Store(i * 4, v * 2);
    Both.Store(i * 4, Both.Load(i * 4) + v);
    uint old;
    Counter.InterlockedAdd(0, 1, old);
}
