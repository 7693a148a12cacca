// RUN: %hlslc -spirv -S -T cs_6_0 %s -o - | FileCheck %s
// RUN: %hlslc -T cs_6_0 %s -o - | FileCheck %s --check-prefix=DXIL
// `[[vk::push_constant]] ConstantBuffer<S> name;` declares the push constant
// block of S's members, as `[[vk::push_constant]] S name;` does (DXC makes
// it a PushConstant variable); the block passes as an S to a function that
// takes one.  On DirectX it is a constant buffer of its own.

struct Consts {
  uint index;
  uint count;
  float scale;
};

[[vk::push_constant]] ConstantBuffer<Consts> Push;
RWStructuredBuffer<float> Out : register(u0);

float scaled(Consts c, float v) { return c.scale * v; }

// CHECK: OpEntryPoint GLCompute %main "main" %Push %Out
// CHECK-DAG: OpDecorate %type_Push Block
// CHECK-DAG: %Push = OpVariable %_ptr_PushConstant_type_Push PushConstant
// CHECK-NOT: OpDecorate %Push DescriptorSet
// CHECK: OpAccessChain %_ptr_PushConstant_uint %Push %uint_0 %uint_1
// DXIL: call %"dx.types.CBufRet.i32" @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" %"Push{{.*}}", i32 0)

[numthreads(1, 1, 1)]
void main() {
  Out[0] = scaled(Push, Push.index + Push.count);
}
