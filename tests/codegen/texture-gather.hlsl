// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Gathers: textureGather(handle, sampler, coord0..3, offset0, offset1,
// channel) with Red/Green/Blue/Alpha as channels 0-3 (Gather is Red);
// textureGatherCmp adds the compare value; GatherRaw (SM 6.7, raw uint
// elements) has no channel.  With four offsets, one gather per texel, each
// giving one component.  Gathers need no derivatives: a 1x1x1 group is fine.

Texture2D<float4> Tex : register(t0);
Texture2DArray<int4> Arr : register(t1);
TextureCube<float> Sky : register(t2);
Texture2D<uint> Packed : register(t3);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);
RWBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float2 uv = float2(0.5, 0.25);
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureGather.f32"(i32 73, %"dx.types.Handle" [[TEX:%"Tex[.0-9]*"]], %"dx.types.Handle" [[SAMP:%"Samp[.0-9]*"]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef, i32 0, i32 0, i32 0)
  float4 g = Tex.Gather(Samp, uv);
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureGather.f32"(i32 73, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 2)
  g += Tex.GatherBlue(Samp, uv, int2(1, 0));

  // Four offsets: four gathers of the green channel, component k of the k-th.
  // CHECK: [[G0:%"gather[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.textureGather.f32"(i32 73, {{.*}}, i32 1)
  // CHECK: [[G1:%"gather[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.textureGather.f32"(i32 73, {{.*}}, i32 1)
  // CHECK: extractvalue %"dx.types.ResRet.f32" [[G1]], 1
  // CHECK: [[G2:%"gather[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.textureGather.f32"(i32 73, {{.*}}, i32 1)
  // CHECK: extractvalue %"dx.types.ResRet.f32" [[G2]], 2
  // CHECK: [[G3:%"gather[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.textureGather.f32"(i32 73, {{.*}}, i32 1)
  // CHECK: extractvalue %"dx.types.ResRet.f32" [[G3]], 3
  g += Tex.GatherGreen(Samp, uv, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1));

  // An int texture gathers int4; the slice is coord2; status from the gather.
  uint status;
  // CHECK: [[GI:%"gather[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.textureGatherCmp.i32"(i32 74, %"dx.types.Handle" %"Arr{{[.0-9]*}}", %"dx.types.Handle" [[CMP:%"Cmp[.0-9]*"]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 3, float 0x3fe0000000000000)
  // CHECK: [[S:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[GI]], 4
  // CHECK-NEXT: call i1 @"dx.op.checkAccessFullyMapped.i32"(i32 71, i32 [[S]])
  int4 gi = Arr.GatherCmpAlpha(Cmp, float3(uv, 2), 0.5, int2(-1, -1), status);

  // Cubes: three coordinates, no offsets.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureGather.f32"(i32 73, %"dx.types.Handle" %"Sky{{[.0-9]*}}", %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i32 undef, i32 undef, i32 0)
  float4 gs = Sky.GatherRed(Samp, float3(uv, 1));

  // CHECK: call %"dx.types.ResRet.i32" @"dx.op.textureGatherRaw.i32"(i32 223, %"dx.types.Handle" %"Packed{{[.0-9]*}}", %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef, i32 0, i32 0)
  uint4 raw = Packed.GatherRaw(Samp, uv);

  Out[0] = g + gi + gs + raw + status;
}
