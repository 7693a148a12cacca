// RUN: %hlslc -T cs_6_6 -enable-16bit-types %s | FileCheck %s
// QuadReadAcrossX/Y/Diagonal are QuadOp (123) with QuadOpKind ReadAcrossX 0,
// ReadAcrossY 1, ReadAcrossDiagonal 2; QuadReadLaneAt is QuadReadLaneAt
// (122) with the lane operand.  One call per component, overloaded on its
// type (16- and 64-bit included).

RWStructuredBuffer<float4> Out : register(u0);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // CHECK: call float @"dx.op.quadOp.f32"(i32 123, float %{{.*}}, i8 0)
  float x = QuadReadAcrossX((float)id.x);
  // CHECK: call i32 @"dx.op.quadOp.i32"(i32 123, i32 %{{.*}}, i8 1)
  // CHECK-NEXT: extractelement <2 x i32> %{{.*}}, i32 1
  // CHECK-NEXT: call i32 @"dx.op.quadOp.i32"(i32 123, i32 %{{.*}}, i8 1)
  uint2 y = QuadReadAcrossY(id.xy);
  // CHECK: call double @"dx.op.quadOp.f64"(i32 123, double %{{.*}}, i8 2)
  double d = QuadReadAcrossDiagonal((double)id.y);
  // CHECK: call half @"dx.op.quadOp.f16"(i32 123, half %{{.*}}, i8 2)
  half h = QuadReadAcrossDiagonal((half)id.y);
  // CHECK: call i64 @"dx.op.quadOp.i64"(i32 123, i64 %{{.*}}, i8 0)
  int64_t l = QuadReadAcrossX((int64_t)id.x);

  // CHECK: call float @"dx.op.quadReadLaneAt.f32"(i32 122, float %{{.*}}, i32 3)
  // CHECK: call float @"dx.op.quadReadLaneAt.f32"(i32 122, float %{{.*}}, i32 3)
  // CHECK: call float @"dx.op.quadReadLaneAt.f32"(i32 122, float %{{.*}}, i32 3)
  float3 at = QuadReadLaneAt(float3(id), 3);
  // CHECK: [[LANE:%"\.[0-9]+"]] = and i32 %{{.*}}, 3
  // CHECK-NEXT: call i16 @"dx.op.quadReadLaneAt.i16"(i32 122, i16 %{{.*}}, i32 [[LANE]])
  int16_t s = QuadReadLaneAt((int16_t)id.x, id.y & 3);

  Out[id.x] = float4(x + y.y, (float)d + h, (float)l + at.z, s);
}

// CHECK-DAG: declare float @"dx.op.quadOp.f32"(i32 %".1", float %".2", i8 %".3") nounwind
// CHECK-DAG: declare float @"dx.op.quadReadLaneAt.f32"(i32 %".1", float %".2", i32 %".3") nounwind
