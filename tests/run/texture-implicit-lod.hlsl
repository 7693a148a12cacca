// Sampling with implicit derivatives in a compute shader (SM 6.6): Sample,
// SampleBias, SampleCmp, SampleCmpBias and CalculateLevelOfDetail(Unclamped)
// take the derivatives of the coordinates across each quad, four
// consecutive threads of the group laid out 0 1 / 2 3 (coarse: one level
// of detail per quad).  The texture is texture-sampling's: 4x2, row 0 is
// 0 1 2 3, row 1 is 4 5 6 7; level 1 (2x1) is 10 20; level 2 (1x1) is 100.
// For Vulkan the derivatives come from SPV_KHR_compute_shader_derivatives'
// line of quads, the same four threads.
// RUN: %hlslc run %s --pipeline %S/texture-implicit-lod.yaml -T cs_6_8 | FileCheck %s
// CHECK: Sampled: pass
// RUN: %hlslc -T cs_6_8 -spirv -S %s 2>/dev/null | FileCheck %s --check-prefix=SPIRV
// SPIRV: OpExecutionMode %main DerivativeGroupLinearKHR
// SPIRV: OpImageSampleImplicitLod
// SPIRV: OpImageSampleImplicitLod {{.*}} Bias %float_1
// SPIRV: OpImageQueryLod
// SPIRV: OpImageSampleDrefImplicitLod

Texture2D<float> Tex : register(t0);
Texture2D<float> Depth : register(t1);                // Depth32, 2x2: 0.25 0.75 / 0.25 0.75
SamplerState PointClamp : register(s0);
SamplerComparisonState CmpLess : register(s1);        // Linear, Less
RWStructuredBuffer<float> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
  float2 q = float2(tid.x % 2, tid.x / 2);            // the thread's place in its quad
  uint at = tid.x * 8;
  // One texel apart at level 0: level 0, the thread's texel (qx, qy).
  Out[at + 0] = Tex.Sample(PointClamp, float2(0.125, 0.25) + q * float2(0.25, 0.5));
  // Two texels apart along x: level 1.
  float2 wide = float2(0.25, 0.5) + q * float2(0.5, 0);
  Out[at + 1] = Tex.Sample(PointClamp, wide);
  // One texel apart, biased by 1: level 1.
  Out[at + 2] = Tex.SampleBias(PointClamp, float2(0.375, 0.25) + q * float2(0.25, 0.5), 1.0);
  Out[at + 3] = Tex.CalculateLevelOfDetail(PointClamp, wide);
  // Sixteen texels apart: level of detail 4, clamped to the last level (2).
  float2 far = q * float2(4, 0);
  Out[at + 4] = Tex.CalculateLevelOfDetailUnclamped(PointClamp, far);
  Out[at + 5] = Tex.CalculateLevelOfDetail(PointClamp, far);
  // Comparisons at the depth texels' centres: 0.5 < texel.
  float2 centre = float2(0.25, 0.25) + q * 0.5;
  Out[at + 6] = Depth.SampleCmp(CmpLess, centre, 0.5);
  Out[at + 7] = Depth.SampleCmpBias(CmpLess, centre, 0.5, 0.0);
}
