// RUN: %hlslc -T cs_6_6 %s | FileCheck %s
// Texture methods in compute, as DXC writes them: textureLoad(mip,
// coordinates, offsets), the sample and gather families with coordinates
// padded to four floats with undef and offsets of 0 for the texture's
// dimensions, the optional status out of the ResRet's last field, and
// GetDimensions reading the Dimensions fields of each shape.

Texture2D<float4> Tex : register(t0);
Texture2DArray<float> Arr : register(t1);
TextureCube<float4> Cube : register(t2);
Texture2DMS<float4> MS : register(t3);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(4, 1, 1)]
void main() {
  uint status;
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" [[TEX:%"Tex[.0-9]*"]], i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  float4 a = Tex.Load(int3(1, 2, 0));
  // CHECK: [[L:%"load[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" [[TEX]], i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef)
  // CHECK: extractvalue %"dx.types.ResRet.f32" [[L]], 4
  float4 b = Tex.Load(int3(1, 2, 1), int2(1, -1), status);
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleLevel.f32"(i32 62, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP:%"Samp[.0-9]*"]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, float undef, i32 0, i32 0, i32 undef, float 0x4000000000000000)
  float4 c = Tex.SampleLevel(Samp, float2(0.5, 0.5), 2.0);
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleGrad.f32"(i32 63, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP]], float {{.*}}, float {{.*}}, float undef, float undef, i32 0, i32 0, i32 undef, float {{.*}}, float {{.*}}, float undef, float {{.*}}, float {{.*}}, float undef, float undef)
  float4 e = Tex.SampleGrad(Samp, float2(0.5, 0.5), float2(0.1, 0), float2(0, 0.1));
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleCmpLevelZero.f32"(i32 65, %"dx.types.Handle" {{%"Arr[.0-9]*"}}, %"dx.types.Handle" {{%"Cmp[.0-9]*"}}, float {{.*}}, float {{.*}}, float {{.*}}, float undef, i32 0, i32 0, i32 undef, float 0x3fe0000000000000)
  float f = Arr.SampleCmpLevelZero(Cmp, float3(0.5, 0.5, 0), 0.5);
  // GatherGreen is channel 1.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureGather.f32"(i32 73, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP]], float {{.*}}, float {{.*}}, float undef, float undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 1)
  float4 h = Tex.GatherGreen(Samp, float2(0.5, 0.5), int2(1, 0));
  // Cubes take no offsets.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleLevel.f32"(i32 62, %"dx.types.Handle" {{%"Cube[.0-9]*"}}, %"dx.types.Handle" [[SAMP]], float {{.*}}, float {{.*}}, float {{.*}}, float undef, i32 undef, i32 undef, i32 undef, float 0x0)
  float4 cu = Cube.SampleLevel(Samp, float3(1, 0, 0), 0);
  // Implicit derivatives in compute: SM 6.6.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sample.f32"(i32 60, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP]], float {{.*}}, float {{.*}}, float undef, float undef, i32 0, i32 0, i32 undef, float undef)
  float4 s = Tex.Sample(Samp, float2(0.5, 0.5));
  // GetDimensions(mip, width, height, levels): fields 0, 1 and 3.
  // CHECK: [[D:%"dims[.0-9]*"]] = call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" [[TEX]], i32 1)
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 0
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 1
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 3
  uint w, hh, levels;
  Tex.GetDimensions(1, w, hh, levels);
  // A multisampled texture: the sample index is the mip operand; samples in field 3.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" {{%"MS[.0-9]*"}}, i32 3,
  float4 m = MS.Load(int2(0, 0), 3);
  Out[0] = a + b + c + e + f + h + cu + s + m + w + hh + levels + CheckAccessFullyMapped(status);
}
