// A resource declared without a register number (or with only a space)
// takes, in declaration order, the lowest binding of its descriptor set that
// no other resource takes, as DXC's -spirv numbers them: kajiya's
// `Texture2D<float4> input_tex; RWTexture2D<float4> output_tex;` are
// bindings 0 and 1 (hlslc's DirectX registers t0 and u0 are not Vulkan
// bindings).  Explicit registers and [[vk::binding]] are placed first;
// -fvk-*-shift moves explicit registers only, as in DXC.
// RUN: %hlslc -T cs_6_8 -spirv -S -Werror %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -spirv -S -Werror -fvk-t-shift 10 0 %s | FileCheck %s --check-prefix=SHIFT
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv
// RUN: %spirv-val --target-env vulkan1.3 %t.spv

// CHECK-DAG: OpDecorate %input_tex Binding 0
// CHECK-DAG: OpDecorate %output_tex Binding 1
// CHECK-DAG: OpDecorate %Fixed Binding 2
// CHECK-DAG: OpDecorate %Weights Binding 3
// CHECK-DAG: OpDecorate %Extra DescriptorSet 1
// CHECK-DAG: OpDecorate %Extra Binding 0
// CHECK-DAG: OpDecorate %Pinned Binding 5
// CHECK-DAG: OpDecorate %History Binding 4
// SHIFT-DAG: OpDecorate %input_tex Binding 0
// SHIFT-DAG: OpDecorate %output_tex Binding 1
// SHIFT-DAG: OpDecorate %Fixed Binding 12
// SHIFT-DAG: OpDecorate %Weights Binding 2
Texture2D<float4> input_tex;
RWTexture2D<float4> output_tex;
Texture2D<float4> Fixed : register(t2);
StructuredBuffer<float> Weights;
RWStructuredBuffer<float> Extra : register(space1);
[[vk::binding(5)]] Texture2D<float4> Pinned;
Texture2D<float4> History;

[numthreads(8, 8, 1)]
void main(uint2 px : SV_DispatchThreadID) {
  output_tex[px] = input_tex[px] * Weights[0] + Fixed[px] + Pinned[px] + History[px];
  Extra[0] = 1;
}
