// RUN: %hlslc -spirv -S -enable-16bit-types -T cs_6_6 %s | FileCheck %s
// RUN: %hlslc -spirv -enable-16bit-types -T cs_6_6 %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Byte-address buffers are StorageBuffer blocks of a runtime array of uint
// (NonWritable for an SRV); 16-bit accesses go through a view of the same
// binding as an array of ushort, both variables decorated Aliased.

// CHECK-DAG: OpDecorate %_runtimearr_uint ArrayStride 4
// CHECK-DAG: OpMemberDecorate %type_ByteAddressBuffer 0 NonWritable
// CHECK-DAG: OpDecorate %type_ByteAddressBuffer Block
// CHECK-DAG: OpDecorate %In DescriptorSet 0
// CHECK-DAG: OpDecorate %In Binding 3
// CHECK-DAG: OpDecorate %Out DescriptorSet 1
// CHECK-DAG: OpDecorate %Out Binding 2
// CHECK-DAG: OpDecorate %Out Aliased
// CHECK-DAG: OpDecorate %Out_ushort Aliased
// CHECK-DAG: OpDecorate %_runtimearr_ushort ArrayStride 2
// CHECK-DAG: %type_RWByteAddressBuffer = OpTypeStruct %_runtimearr_uint
// CHECK-DAG: %In = OpVariable %_ptr_StorageBuffer_type_ByteAddressBuffer StorageBuffer
ByteAddressBuffer In : register(t3);
RWByteAddressBuffer Out : register(u2, space1);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    // A word: the byte address divided by 4 indexes the uint array.
    // CHECK: [[ADDR:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_2
    // CHECK-NEXT: [[PTR:%[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_uint %In %uint_0 [[ADDR]]
    // CHECK-NEXT: OpLoad %uint [[PTR]]
    uint a = In.Load(id.x * 4);
    float4 v = asfloat(In.Load4(16 * id.x));
    half h = In.Load<half>(2 * id.x);
    double d = In.Load<double>(8 * id.x);
    uint size;
    // CHECK: OpArrayLength %uint %In 0
    In.GetDimensions(size);
    Out.Store(0, a + size);
    Out.Store4(16, asuint(v * 2));
    // CHECK: OpAccessChain %_ptr_StorageBuffer_ushort %Out_ushort %uint_0
    Out.Store<half>(64, h);
    // A 64-bit value is two words.
    // CHECK: OpBitcast %v2uint
    Out.Store<double>(72, d);
}
