// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// WaveReadLaneFirst (118), WaveReadLaneAt (117) and WaveActiveAllEqual (115)
// on every element type, one call per component (matrices row by row): a
// bool is the i1 overload, as in DXC; 16- and 64-bit types have their own
// overloads; WaveActiveAllEqual returns i1 whatever it compares.

RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<float2x3> M : register(t0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // CHECK: [[C:%"\.[0-9]+"]] = icmp ugt i32 %{{.*}}, 4
  // CHECK-NEXT: call i1 @"dx.op.waveReadLaneFirst.i1"(i32 118, i1 [[C]])
  bool b = WaveReadLaneFirst(id.x > 4);

  // CHECK: [[V:%"\.[0-9]+"]] = icmp ult <3 x i32> %{{.*}}, <i32 3, i32 3, i32 3>
  // CHECK-NEXT: [[B0:%"\.[0-9]+"]] = extractelement <3 x i1> [[V]], i32 0
  // CHECK-NEXT: [[R0:%"\.[0-9]+"]] = call i1 @"dx.op.waveReadLaneAt.i1"(i32 117, i1 [[B0]], i32 7)
  // CHECK-NEXT: [[B1:%"\.[0-9]+"]] = extractelement <3 x i1> [[V]], i32 1
  // CHECK-NEXT: [[R1:%"\.[0-9]+"]] = call i1 @"dx.op.waveReadLaneAt.i1"(i32 117, i1 [[B1]], i32 7)
  // CHECK-NEXT: [[B2:%"\.[0-9]+"]] = extractelement <3 x i1> [[V]], i32 2
  // CHECK-NEXT: [[R2:%"\.[0-9]+"]] = call i1 @"dx.op.waveReadLaneAt.i1"(i32 117, i1 [[B2]], i32 7)
  // CHECK-NEXT: [[I0:%"\.[0-9]+"]] = insertelement <3 x i1> <i1 undef, i1 undef, i1 undef>, i1 [[R0]], i32 0
  // CHECK-NEXT: [[I1:%"\.[0-9]+"]] = insertelement <3 x i1> [[I0]], i1 [[R1]], i32 1
  // CHECK-NEXT: [[I2:%"\.[0-9]+"]] = insertelement <3 x i1> [[I1]], i1 [[R2]], i32 2
  // CHECK-NEXT: store <3 x i1> [[I2]], <3 x i1>* %"b3"
  bool3 b3 = WaveReadLaneAt(id < 3, 7);

  // CHECK: call half @"dx.op.waveReadLaneFirst.f16"(i32 118, half %{{.*}})
  half h = WaveReadLaneFirst((half)id.x);
  // CHECK: [[LANE:%"\.[0-9]+"]] = add i32 %{{.*}}, 1
  // CHECK-NEXT: call i16 @"dx.op.waveReadLaneAt.i16"(i32 117, i16 %{{.*}}, i32 [[LANE]])
  int16_t s = WaveReadLaneAt((int16_t)id.y, id.x + 1);
  // CHECK: call double @"dx.op.waveReadLaneFirst.f64"(i32 118, double %{{.*}})
  double d = WaveReadLaneFirst((double)id.x);
  // CHECK: call i64 @"dx.op.waveReadLaneAt.i64"(i32 117, i64 %{{.*}}, i32 0)
  uint64_t u64 = WaveReadLaneAt((uint64_t)id.x << 40, 0);

  // A matrix: row 0, then row 1, three components each.
  // CHECK: [[ROW0:%"\.[0-9]+"]] = extractvalue [2 x <3 x float>] [[MAT:%"\.[0-9]+"]], 0
  // CHECK-COUNT-3: call float @"dx.op.waveReadLaneFirst.f32"(i32 118, float
  // CHECK: [[ROW1:%"\.[0-9]+"]] = extractvalue [2 x <3 x float>] [[MAT]], 1
  // CHECK-COUNT-3: call float @"dx.op.waveReadLaneFirst.f32"(i32 118, float
  // CHECK: [[M0:%"\.[0-9]+"]] = insertvalue [2 x <3 x float>] undef, <3 x float> %{{.*}}, 0
  // CHECK-NEXT: [[M1:%"\.[0-9]+"]] = insertvalue [2 x <3 x float>] [[M0]], <3 x float> %{{.*}}, 1
  // CHECK-NEXT: store [2 x <3 x float>] [[M1]], [2 x <3 x float>]* %"m"
  float2x3 m = WaveReadLaneFirst(M[id.x]);

  // CHECK: call i1 @"dx.op.waveActiveAllEqual.i1"(i32 115, i1 %{{.*}})
  bool eq = WaveActiveAllEqual(id.x > 4);
  // CHECK: call i1 @"dx.op.waveActiveAllEqual.i32"(i32 115, i32 %{{.*}})
  // CHECK: call i1 @"dx.op.waveActiveAllEqual.i32"(i32 115, i32 %{{.*}})
  // CHECK: store <2 x i1> %{{.*}}, <2 x i1>* %"eq2"
  bool2 eq2 = WaveActiveAllEqual(int2(id.xy));
  // CHECK-COUNT-6: call i1 @"dx.op.waveActiveAllEqual.f32"(i32 115, float
  // CHECK: store [2 x <3 x i1>] %{{.*}}, [2 x <3 x i1>]* %"eqm"
  bool2x3 eqm = WaveActiveAllEqual(m);

  Out[id.x] = (b ? 1 : 0) + (b3.z ? 2 : 0) + (uint)h + (uint)s + (uint)d + (uint)u64 + (uint)m._m12
            + (eq ? 4 : 0) + (eq2.y ? 8 : 0) + (eqm._m11 ? 16 : 0);
}

// CHECK-DAG: declare i1 @"dx.op.waveReadLaneFirst.i1"(i32 %".1", i1 %".2") nounwind
// CHECK-DAG: declare i1 @"dx.op.waveReadLaneAt.i1"(i32 %".1", i1 %".2", i32 %".3") nounwind
// CHECK-DAG: declare half @"dx.op.waveReadLaneFirst.f16"(i32 %".1", half %".2") nounwind
// CHECK-DAG: declare i64 @"dx.op.waveReadLaneAt.i64"(i32 %".1", i64 %".2", i32 %".3") nounwind
// CHECK-DAG: declare i1 @"dx.op.waveActiveAllEqual.f32"(i32 %".1", float %".2") nounwind
