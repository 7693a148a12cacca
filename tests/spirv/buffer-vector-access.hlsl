// RUN: %hlslc -spirv -S -T cs_6_6 %s -o - | FileCheck %s
// Load4/Store4 (Load2/Store2) of a byte-address buffer at an address known
// to be a multiple of 16 (8) bytes: one access through a uvec4 (uvec2)
// view of the same binding; elsewhere, one word at a time.  Views of a
// written buffer are Aliased; of a read-only one, not.

ByteAddressBuffer In : register(t0);
[[vk::binding(1)]] RWByteAddressBuffer Out : register(u0);

// CHECK-DAG: OpDecorate %In_v4uint Binding 0
// CHECK-DAG: OpDecorate %In_v2uint Binding 0
// CHECK-DAG: OpDecorate %Out_v4uint Binding 1
// CHECK-DAG: OpDecorate %Out_v4uint Aliased
// CHECK-NOT: OpDecorate %In_v4uint Aliased

[numthreads(64, 1, 1)]
void main(uint t : SV_GroupIndex, uint3 g : SV_GroupID)
{
    uint n = g.x & ~3u;                    // a multiple of 4 ...
    // CHECK: [[A:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_4
    // CHECK: [[P:%[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_v4uint %In_v4uint %uint_0 [[A]]
    // CHECK: OpLoad %v4uint [[P]]
    uint4 v = In.Load4((t * n + 8) * 4);   // ... so this address of 16
    // CHECK: OpAccessChain %_ptr_StorageBuffer_v2uint %In_v2uint
    float2 w = asfloat(In.Load2(t * 8));
    // Not known to be a multiple of 16: four words.
    // CHECK-COUNT-4: OpAccessChain %_ptr_StorageBuffer_uint %In %uint_0
    uint4 u = In.Load4(t * 4);
    // CHECK: [[Q:%[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_v4uint %Out_v4uint %uint_0
    // CHECK: [[V:%[0-9]+]] = OpCompositeConstruct %v4uint
    // CHECK: OpStore [[Q]] [[V]]
    Out.Store4(t * 16, v + u + asuint(w.xyxy));
    Out.Store(t * 4 + 2048, v.x);
}
