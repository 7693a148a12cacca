// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// GetDimensions: getDimensions(handle, mip level) -> {i32, i32, i32, i32}.
// Width first, then height / depth / array size in order; with a mip level
// argument the level count is field 3, as is an MS texture's sample count.
// Without a mip argument, SRV and UAV textures query level 0 and MS
// textures pass undef.  Float outputs convert with sitofp, as DXC does.
// CalculateLevelOfDetail[Unclamped]: calculateLOD(handle, sampler,
// coord0..2, clamped).

Texture2D<float4> Tex : register(t0);
Texture2DArray<float4> Arr : register(t1);
Texture3D<float> Vol : register(t2);
TextureCubeArray<float4> Cubes : register(t3);
Texture2DMS<float4> MS : register(t4);
Texture2DMSArray<float4> MSA : register(t5);
RWTexture1D<uint> Line : register(u1);
SamplerState Samp : register(s0);
RWBuffer<float> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint w, h, d, n;
  float fw, fh, fn;

  // CHECK: [[D:%"dims[.0-9]*"]] = call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" [[TEX:%"Tex[.0-9]*"]], i32 0)
  // CHECK-NEXT: [[W:%"\.[0-9]+"]] = extractvalue %"dx.types.Dimensions" [[D]], 0
  // CHECK-NEXT: store i32 [[W]], i32* %"w"
  // CHECK-NEXT: [[H:%"\.[0-9]+"]] = extractvalue %"dx.types.Dimensions" [[D]], 1
  // CHECK-NEXT: store i32 [[H]], i32* %"h"
  Tex.GetDimensions(w, h);

  // CHECK: [[D:%"dims[.0-9]*"]] = call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" [[TEX]], i32 [[MIP:%"\.[0-9]+"]])
  // CHECK-NEXT: [[W:%"\.[0-9]+"]] = extractvalue %"dx.types.Dimensions" [[D]], 0
  // CHECK-NEXT: [[FW:%"\.[0-9]+"]] = sitofp i32 [[W]] to float
  // CHECK-NEXT: store float [[FW]], float* %"fw"
  // CHECK-NEXT: [[H:%"\.[0-9]+"]] = extractvalue %"dx.types.Dimensions" [[D]], 1
  // CHECK-NEXT: [[FH:%"\.[0-9]+"]] = sitofp i32 [[H]] to float
  // CHECK-NEXT: store float [[FH]], float* %"fh"
  // CHECK-NEXT: [[N:%"\.[0-9]+"]] = extractvalue %"dx.types.Dimensions" [[D]], 3
  // CHECK-NEXT: [[FN:%"\.[0-9]+"]] = sitofp i32 [[N]] to float
  // CHECK-NEXT: store float [[FN]], float* %"fn"
  Tex.GetDimensions(tid.x, fw, fh, fn);

  // Arrays: the element count follows the spatial sizes.
  // CHECK: [[D:%"dims[.0-9]*"]] = call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" %"Arr{{[.0-9]*}}", i32 2)
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 0
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 1
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 2
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 3
  Arr.GetDimensions(2, w, h, d, n);
  // CHECK: call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" %"Vol{{[.0-9]*}}", i32 0)
  Vol.GetDimensions(w, h, d);
  // CHECK: [[D:%"dims[.0-9]*"]] = call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" %"Cubes{{[.0-9]*}}", i32 1)
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 2
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 3
  Cubes.GetDimensions(1, w, h, d, n);

  // MS: no mip level; the sample count in field 3.
  // CHECK: [[D:%"dims[.0-9]*"]] = call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" %"MS{{[.0-9]*}}", i32 undef)
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 0
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 1
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 3
  MS.GetDimensions(w, h, n);
  // CHECK: [[D:%"dims[.0-9]*"]] = call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" %"MSA{{[.0-9]*}}", i32 undef)
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 2
  // CHECK: extractvalue %"dx.types.Dimensions" [[D]], 3
  MSA.GetDimensions(w, h, d, n);
  // CHECK: call %"dx.types.Dimensions" @"dx.op.getDimensions"(i32 72, %"dx.types.Handle" %"Line{{[.0-9]*}}", i32 0)
  Line.GetDimensions(fw);

  // CHECK: call float @"dx.op.calculateLOD.f32"(i32 81, %"dx.types.Handle" [[TEX]], %"dx.types.Handle" [[SAMP:%"Samp[.0-9]*"]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i1 1)
  float lod = Tex.CalculateLevelOfDetail(Samp, float2(0.5, 0.5));
  // The array slice is not a coordinate of the level of detail.
  // CHECK: call float @"dx.op.calculateLOD.f32"(i32 81, %"dx.types.Handle" %"Arr{{[.0-9]*}}", %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float undef, i1 0)
  lod += Arr.CalculateLevelOfDetailUnclamped(Samp, float2(0.5, 0.5));
  // CHECK: call float @"dx.op.calculateLOD.f32"(i32 81, %"dx.types.Handle" %"Cubes{{[.0-9]*}}", %"dx.types.Handle" [[SAMP]], float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, float {{%"\.[0-9]+"}}, i1 1)
  lod += Cubes.CalculateLevelOfDetail(Samp, float3(1, 0, 0));

  Out[tid.x] = w + h + d + n + fw + fh + fn + lod;
}
