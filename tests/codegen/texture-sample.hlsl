// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s --check-prefix=HALF
// Sampling, in DXC's operand order: handle, sampler, coord0..3 (undef past
// the texture's coordinates), offset0..2 (zero where the call gives none,
// undef past the texture's dimensions; cubes have none), then the
// method's operands; a missing clamp is `float undef`.  A constant bias is
// clamped to [-16, 15.99].  Implicit-derivative sampling (Sample,
// SampleBias, SampleCmp, SampleCmpBias) needs a thread group of 2x2 quads.

Texture2D<float4> Tex : register(t0);
Texture2DArray<float> Shadow : register(t1);
TextureCube<half4> Sky : register(t2);
Texture3D<float2> Vol : register(t3);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);
RWBuffer<float4> Out : register(u0);

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float2 uv = float2(tid.xy) / 64.0;

  // CHECK: [[U:%"\.[0-9]+"]] = extractelement <2 x float> [[UV:%"\.[0-9]+"]], i32 0
  // CHECK-NEXT: [[V:%"\.[0-9]+"]] = extractelement <2 x float> [[UV]], i32 1
  // CHECK-NEXT: [[R:%"sample[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.sample.f32"(i32 60, %"dx.types.Handle" [[TEX:%"Tex[.0-9]*"]], %"dx.types.Handle" [[SAMP:%"Samp[.0-9]*"]], float [[U]], float [[V]], float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  // CHECK-NEXT: extractvalue %"dx.types.ResRet.f32" [[R]], 0
  float4 a = Tex.Sample(Samp, uv);

  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sample.f32"(i32 60, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, float 0x3ff0000000000000)
  a += Tex.Sample(Samp, uv, int2(1, -1), 1.0);

  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleBias.f32"(i32 61, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef, i32 0, i32 0, i32 undef, float 0x402ffae140000000, float undef)
  a += Tex.SampleBias(Samp, uv, 20.0);

  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleLevel.f32"(i32 62, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef, i32 0, i32 0, i32 undef, float 0x4000000000000000)
  a += Tex.SampleLevel(Samp, uv, 2.0);

  // Gradients: one per dimension, undef past them.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleGrad.f32"(i32 63, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef)
  a += Tex.SampleGrad(Samp, uv, float2(0.01, 0), float2(0, 0.01), int2(2, 2));

  // Comparison sampling returns one float; the array slice is coord2.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleCmp.f32"(i32 64, %"dx.types.Handle" [[SH:%"Shadow[.0-9]*"]], %"dx.types.Handle" [[CMP:%"Cmp[.0-9]*"]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 0, i32 0, i32 undef, float 0x3fe0000000000000, float undef)
  float s = Shadow.SampleCmp(Cmp, float3(uv, 1), 0.5);
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleCmpLevelZero.f32"(i32 65, %"dx.types.Handle" [[SH]], %"dx.types.Handle" [[CMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, float 0x3fe0000000000000)
  s += Shadow.SampleCmpLevelZero(Cmp, float3(uv, 1), 0.5, int2(1, 1));
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleCmpLevel.f32"(i32 224, %"dx.types.Handle" [[SH]], %"dx.types.Handle" [[CMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 0, i32 0, i32 undef, float 0x3fe0000000000000, float 0x3ff0000000000000)
  s += Shadow.SampleCmpLevel(Cmp, float3(uv, 1), 0.5, 1.0);
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleCmpBias.f32"(i32 255, %"dx.types.Handle" [[SH]], %"dx.types.Handle" [[CMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 0, i32 0, i32 undef, float 0x3fe0000000000000, float 0x3ff0000000000000, float undef)
  s += Shadow.SampleCmpBias(Cmp, float3(uv, 1), 0.5, 1.0);
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleCmpGrad.f32"(i32 254, %"dx.types.Handle" [[SH]], %"dx.types.Handle" [[CMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 0, i32 0, i32 undef, float 0x3fe0000000000000, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef)
  s += Shadow.SampleCmpGrad(Cmp, float3(uv, 1), 0.5, float2(0.1, 0), float2(0, 0.1));

  // Cubes: three coordinates, no offsets (half is float without
  // -enable-16bit-types).
  uint status;
  // CHECK: [[C:%"sample[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.sampleLevel.f32"(i32 62, %"dx.types.Handle" %"Sky{{[.0-9]*}}", %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 undef, i32 undef, i32 undef, float 0x0)
  // CHECK: [[ST:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.f32" [[C]], 4
  // CHECK-NEXT: call i1 @"dx.op.checkAccessFullyMapped.i32"(i32 71, i32 [[ST]])
  // HALF: call %"dx.types.ResRet.f16" @"dx.op.sampleLevel.f16"(i32 62, %"dx.types.Handle" %"Sky{{[.0-9]*}}", %"dx.types.Handle" %"Samp{{[.0-9]*}}", float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 undef, i32 undef, i32 undef, float {{ *}}0x0)
  half4 sky = Sky.SampleLevel(Samp, float3(uv, 1), 0, status);

  // Three dimensions: three offsets.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sample.f32"(i32 60, %"dx.types.Handle" %"Vol{{[.0-9]*}}", %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, float undef)
  float2 v = Vol.Sample(Samp, float3(uv, 0.5), int3(1, 2, 3));

  Out[tid.x] = a + s + float4(sky) + v.xyxy + status;
}
