// A [[vk::push_constant]] block: a constant buffer of its own, laid out
// densely (as DXC's -fvk-use-dx-layout lays push constants out: a float3
// right after a float, arrays with no padding), filled from the pipeline's
// PushConstants.  Members read at constant places and an array element at
// a place chosen at run time.  The CPU executor runs the IR; the GPU tests
// run the same pipeline on Vulkan (vkCmdPushConstants) and compare.
// RUN: %hlslc run %s --pipeline %S/push-constants.yaml | FileCheck %s
// CHECK: Values: pass
// RUN: %hlslc -spirv -S -T cs_6_0 %s -o - | FileCheck %s --check-prefix=SPV
// Rows chosen at run time: the block as 16-byte rows (tests/spirv/push-constants.hlsl
// has the block with its members).
// SPV: OpEntryPoint GLCompute %main "main" %gl_LocalInvocationID %Push %Out
// SPV-DAG: OpDecorate %type_Push Block
// SPV-DAG: %Push = OpVariable %_ptr_PushConstant_type_Push PushConstant
// SPV-NOT: OpDecorate %Push DescriptorSet
// SPV: OpAccessChain %_ptr_PushConstant_v4uint %Push %uint_0

struct Inner { float2 v; };
struct Params {
  float scale;      // 0
  float3 offset;    // 4: packed after the float
  uint lanes[4];    // 16, 20, 24, 28
  Inner inner;      // 32
};

[[vk::push_constant]] Params Push;

RWStructuredBuffer<float> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint tid : SV_GroupThreadID) {
  Out[tid * 4 + 0] = Push.scale * (float)Push.lanes[tid];
  Out[tid * 4 + 1] = Push.offset[tid % 3];
  Out[tid * 4 + 2] = Push.inner.v.x + (float)Push.lanes[3 - tid];
  Out[tid * 4 + 3] = Push.inner.v.y;
}
