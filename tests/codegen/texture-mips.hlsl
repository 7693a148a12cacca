// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// `tex.mips[level][pos]` reads the texel at `pos` of mip `level`, and
// `ms.sample[index][pos]` one sample of a multisampled texel: a textureLoad
// with the level (sample index) as its mip operand and no offset.  A plain
// subscript reads mip 0 (sample 0).  GetSamplePosition gives where a
// sample lies in its pixel.

Texture2D<float4> Tex : register(t0);
Texture1DArray<float> Lines : register(t1);
Texture2DMS<float4> MS : register(t2);
RWBuffer<float4> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" [[TEX:%"Tex[.0-9]*"]], i32 1, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  float4 a = Tex.mips[1][int2(0, 0)];
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" [[TEX]], i32 [[LEVEL:%"\.[0-9]+"]], i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  a += Tex.mips[tid.x][tid.xy];
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" [[TEX]], i32 0, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  a += Tex[tid.xy];
  // The array slice is the second coordinate of a 1D array.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" %"Lines{{[.0-9]*}}", i32 2, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  float l = Lines.mips[2][uint2(tid.x, 3)];
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" %"MS{{[.0-9]*}}", i32 3, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  float4 s = MS.sample[3][tid.xy];
  // The position of a sample: texture2DMSGetSamplePosition -> {float, float}.
  // CHECK: [[P:%"pos[.0-9]*"]] = call %"dx.types.SamplePos" @"dx.op.texture2DMSGetSamplePosition"(i32 75, %"dx.types.Handle" %"MS{{[.0-9]*}}", i32 {{%"\.[0-9]+"}})
  // CHECK-NEXT: extractvalue %"dx.types.SamplePos" [[P]], 0
  float2 p = MS.GetSamplePosition(tid.x);
  Out[tid.x] = a + l + s + p.xyxy;
}
