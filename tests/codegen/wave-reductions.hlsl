// Wave reductions and scans: WaveActiveAnyTrue/AllTrue (waveAnyTrue 113,
// waveAllTrue 114), WaveActiveSum/Product/Min/Max (waveActiveOp 119 with
// WaveOpKind and SignedOpKind), WavePrefixSum/Product (wavePrefixOp 121) and
// WaveActiveBitAnd/Or/Xor (waveActiveBit 120) and WaveReadLaneAt
// (waveReadLaneAt 117), per component. Their results
// are wave-uniform, so a branch on them may hold Wave-scope matrix work.
// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
#include <dx/linalg.h>
using namespace dx::linalg;
RWByteAddressBuffer Out : register(u0);
using WC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // CHECK: call i1 @"dx.op.waveAllTrue"(i32 114, i1
  if (WaveActiveAllTrue(id.x < 64)) {
    WC c = WC::Splat(1.0f);
    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
  }
  // CHECK: call i1 @"dx.op.waveAnyTrue"(i32 113, i1
  bool any = WaveActiveAnyTrue(id.x == 3);
  // CHECK: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 {{.*}}, i8 0, i8 1)
  uint sum = WaveActiveSum(id.x);
  // CHECK: call float @"dx.op.waveActiveOp.f32"(i32 119, float {{.*}}, i8 3, i8 0)
  float biggest = WaveActiveMax((float)id.x);
  // CHECK: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 {{.*}}, i8 2, i8 0)
  // CHECK: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 {{.*}}, i8 2, i8 0)
  int2 least = WaveActiveMin(int2(id.x, -(int)id.y));
  // CHECK: call i32 @"dx.op.wavePrefixOp.i32"(i32 121, i32 {{.*}}, i8 0, i8 1)
  uint before = WavePrefixSum(1u);
  // CHECK: call i32 @"dx.op.waveActiveBit.i32"(i32 120, i32 {{.*}}, i8 1)
  uint bits = WaveActiveBitOr(1u << (id.x % 32));
  // CHECK: call float @"dx.op.waveReadLaneAt.f32"(i32 117, float {{.*}}, i32 5)
  // CHECK: call float @"dx.op.waveReadLaneAt.f32"(i32 117, float {{.*}}, i32 5)
  float2 fifth = WaveReadLaneAt(float2(id.x, id.y), 5);
  Out.Store(0, sum + before + bits + (any ? 1 : 0) + (uint)biggest + (uint)least.x + (uint)fifth.y);
}
