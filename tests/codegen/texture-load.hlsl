// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Texture Load: textureLoad(handle, mip or sample, coord0..2, offset0..2).
// An SRV's location carries the mip level in its last component; the
// optional texel offset fills one operand per dimension (undef without
// one); MS textures take the sample index as the mip operand (and their
// records carry the declared sample count); UAVs have no mip (undef).  The
// `out uint status` is checkAccessFullyMapped of the ResRet's status
// field, widened to uint.

Texture1D<float4> T1 : register(t0);
Texture2D<float4> T2 : register(t1);
Texture2DArray<int2> T2A : register(t2);
Texture3D<uint> T3 : register(t3);
Texture2DMS<float4, 8> MS : register(t4);
Texture2DMSArray<float> MSA : register(t5);
RWTexture2D<float4> Img : register(u1);
RWTexture1DArray<int> ImgA : register(u2);
RWBuffer<float4> Out : register(u0);

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  int3 loc = int3(tid);
  // CHECK: [[X:%"\.[0-9]+"]] = extractelement <2 x i32> [[L1:%"\.[0-9]+"]], i32 0
  // CHECK: [[M:%"\.[0-9]+"]] = extractelement <2 x i32> [[L1]], i32 1
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" %"T1{{[.0-9]*}}", i32 [[M]], i32 [[X]], i32 undef, i32 undef, i32 undef, i32 undef, i32 undef)
  Out[0] = T1.Load(loc.xy);

  // CHECK: [[X:%"\.[0-9]+"]] = extractelement <3 x i32> [[L2:%"\.[0-9]+"]], i32 0
  // CHECK: [[Y:%"\.[0-9]+"]] = extractelement <3 x i32> [[L2]], i32 1
  // CHECK: [[MIP:%"\.[0-9]+"]] = extractelement <3 x i32> [[L2]], i32 2
  // CHECK: [[OX:%"\.[0-9]+"]] = extractelement <2 x i32> [[O:%"\.[0-9]+"]], i32 0
  // CHECK: [[OY:%"\.[0-9]+"]] = extractelement <2 x i32> [[O]], i32 1
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" %"T2{{[.0-9]*}}", i32 [[MIP]], i32 [[X]], i32 [[Y]], i32 undef, i32 [[OX]], i32 [[OY]], i32 undef)
  Out[1] = T2.Load(loc, int2(-1, 2));

  // Status: the ResRet's fifth field, through checkAccessFullyMapped.
  uint status;
  // CHECK: [[RET:%"load[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.textureLoad.i32"(i32 66, %"dx.types.Handle" %"T2A{{[.0-9]*}}", i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef)
  // CHECK: [[S:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[RET]], 4
  // CHECK-NEXT: [[MAPPED:%"mapped[.0-9]*"]] = call i1 @"dx.op.checkAccessFullyMapped.i32"(i32 71, i32 [[S]])
  // CHECK-NEXT: [[Z:%"\.[0-9]+"]] = zext i1 [[MAPPED]] to i32
  // CHECK-NEXT: store i32 [[Z]], i32* %"status"
  int2 a = T2A.Load(int4(loc, 0), int2(1, 1), status);

  // CHECK: call %"dx.types.ResRet.i32" @"dx.op.textureLoad.i32"(i32 66, %"dx.types.Handle" %"T3{{[.0-9]*}}", i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}})
  uint b = T3.Load(int4(loc, 1), int3(0, 1, 2));

  // Multisampled: the sample index in the mip operand; a subscript reads sample 0.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" %"MS{{[.0-9]*}}", i32 3, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" %"MS{{[.0-9]*}}", i32 0, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  float4 m = MS.Load(loc.xy, 3) + MS[tid.xy];
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" %"MSA{{[.0-9]*}}", i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef)
  float ma = MSA.Load(loc, tid.x, int2(1, 0), status);

  // UAVs: no mip level.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" %"Img{{[.0-9]*}}", i32 undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  // CHECK: call %"dx.types.ResRet.i32" @"dx.op.textureLoad.i32"(i32 66, %"dx.types.Handle" %"ImgA{{[.0-9]*}}", i32 undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i32 undef)
  Out[2] = Img.Load(loc.xy) + ImgA.Load(loc.xy, status) + m + ma + a.x + b;
}

// CHECK-DAG: !{ i32 4, %"struct.Texture2DMS<float4, 8>"* undef, !"MS", i32 0, i32 4, i32 1, i32 3, i32 8, {{![0-9]+}} }
// CHECK-DAG: !{ i32 5, %"struct.Texture2DMSArray<float>"* undef, !"MSA", i32 0, i32 5, i32 1, i32 8, i32 0, {{![0-9]+}} }
