// RUN: %hlslc -spirv -S -T cs_6_0 %s -o - | FileCheck %s
// A [[vk::push_constant]] block: the PushConstant block of its struct, laid
// out densely (DXC's -fvk-use-dx-layout: the float3 right after the float,
// an array of uints with stride 4), in the interface, with no descriptor
// set or binding; members read through access chains.

struct Inner { float2 v; };
struct Params {
  float scale;
  float3 offset;
  uint lanes[4];
  Inner inner;
};

[[vk::push_constant]] Params Push;
RWStructuredBuffer<float> Out : register(u0);

// CHECK: OpEntryPoint GLCompute %main "main" %Push %Out
// CHECK-DAG: OpMemberDecorate %Params 0 Offset 0
// CHECK-DAG: OpMemberDecorate %Params 1 Offset 4
// CHECK-DAG: OpMemberDecorate %Params 2 Offset 16
// CHECK-DAG: OpMemberDecorate %Params 3 Offset 32
// CHECK-DAG: OpDecorate %_arr_uint_uint_4 ArrayStride 4
// CHECK-DAG: OpDecorate %type_Push Block
// CHECK-DAG: %Push = OpVariable %_ptr_PushConstant_type_Push PushConstant
// CHECK-NOT: OpDecorate %Push DescriptorSet
// CHECK-NOT: OpDecorate %Push Binding
// CHECK: OpAccessChain %_ptr_PushConstant_float %Push %uint_0 %uint_0
// CHECK: OpAccessChain %_ptr_PushConstant_float %Push %uint_0 %uint_1 %uint_2
// CHECK: OpAccessChain %_ptr_PushConstant_uint %Push %uint_0 %uint_2 %uint_3
// CHECK: OpAccessChain %_ptr_PushConstant_float %Push %uint_0 %uint_3 %uint_0 %uint_1

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Push.scale;
  Out[1] = Push.offset.z;
  Out[2] = (float)Push.lanes[3];
  Out[3] = Push.inner.v.y;
}
