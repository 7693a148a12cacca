// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -spirv -S -DDYNAMIC %s | FileCheck %s --check-prefix=ROWS
// RUN: %hlslc -spirv -DDYNAMIC %s -o %t.rows.spv && %spirv-val --target-env vulkan1.3 %t.rows.spv
// Constant buffers are Uniform blocks with HLSL's packing offsets; a row
// chosen at run time (an array indexed by a variable) reads the block as
// uint4 rows, as the IR does.

// CHECK-DAG: OpMemberDecorate %type_Params 0 Offset 0
// CHECK-DAG: OpMemberDecorate %type_Params 1 Offset 4
// CHECK-DAG: OpMemberDecorate %type_Params 2 Offset 16
// CHECK-DAG: OpMemberDecorate %type_Params 3 Offset 32
// CHECK-DAG: OpMemberDecorate %type_Params 4 Offset 44
// CHECK-DAG: OpMemberDecorate %type_Params 5 Offset 48
// CHECK-DAG: OpDecorate %_arr_v4float_uint_2 ArrayStride 16
// CHECK-DAG: OpDecorate %type_Params Block
// CHECK-DAG: OpDecorate %Params Binding 0
// CHECK-DAG: OpMemberName %type_Params 2 "tint"
// CHECK-DAG: %Params = OpVariable %_ptr_Uniform_type_Params Uniform
cbuffer Params : register(b0) {
    float scale;
    uint count;
    float4 tint;
    float3 direction;
    float bias;
    float4 weights[2];
};

struct Light { float3 color; float range; };
// CHECK-DAG: %Sun = OpVariable %_ptr_Uniform_type_Sun Uniform
ConstantBuffer<Light> Sun : register(b1);

RWByteAddressBuffer Out : register(u2);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    // CHECK: OpAccessChain %_ptr_Uniform_float %Params %uint_0
    float value = scale * (float)count + bias;
    // CHECK: OpAccessChain %_ptr_Uniform_float %Params %uint_2 %uint_1
    value += tint.y + direction.z;
    // CHECK: OpAccessChain %_ptr_Uniform_float %Params %uint_5 %uint_1 %uint_3
    value += weights[1].w;
    value += Sun.color.x * Sun.range;
#ifdef DYNAMIC
    // ROWS: OpDecorate %_arr_v4uint_uint_5 ArrayStride 16
    // ROWS: OpAccessChain %_ptr_Uniform_v4uint %Params %uint_0
    value += weights[id.x % 2].x;
#endif
    Out.Store(id.x * 4, asuint(value));
}
