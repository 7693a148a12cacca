// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// WaveActiveSum/Product/Min/Max (waveActiveOp 119) and WavePrefixSum/
// Product (wavePrefixOp 121) take WaveOpKind (Sum 0, Product 1, Min 2,
// Max 3) and SignedOpKind: Unsigned (1) for uint elements of any width,
// Signed (0) for int and float ones, as DXC's unsigned intrinsic forms
// (WaveActiveUSum, ...) choose.  WaveActiveBitAnd/Or/Xor (waveActiveBit 120,
// WaveBitOpKind And 0, Or 1, Xor 2) take uint and uint64_t.  Vectors and
// matrices go component by component.

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // CHECK: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 %{{.*}}, i8 1, i8 1)
  uint up = WaveActiveProduct(id.x);
  // CHECK: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 %{{.*}}, i8 2, i8 0)
  int smin = WaveActiveMin((int)id.x - 3);
  // CHECK: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 %{{.*}}, i8 2, i8 1)
  uint umin = WaveActiveMin(id.x);
  // CHECK: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 %{{.*}}, i8 3, i8 1)
  uint umax = WaveActiveMax(id.y);
  // CHECK: call float @"dx.op.waveActiveOp.f32"(i32 119, float %{{.*}}, i8 0, i8 0)
  float fsum = WaveActiveSum(0.5f * id.x);
  // CHECK: call double @"dx.op.waveActiveOp.f64"(i32 119, double %{{.*}}, i8 3, i8 0)
  double dmax = WaveActiveMax((double)id.x);
  // CHECK: call i16 @"dx.op.waveActiveOp.i16"(i32 119, i16 %{{.*}}, i8 0, i8 1)
  uint16_t hsum = WaveActiveSum((uint16_t)id.x);
  // CHECK: call half @"dx.op.waveActiveOp.f16"(i32 119, half %{{.*}}, i8 1, i8 0)
  half hprod = WaveActiveProduct((half)id.x);
  // CHECK: call i64 @"dx.op.waveActiveOp.i64"(i32 119, i64 %{{.*}}, i8 2, i8 0)
  int64_t lmin = WaveActiveMin((int64_t)id.x);
  // A literal is an int: Signed.
  // CHECK: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 7, i8 0, i8 0)
  int lit = WaveActiveSum(7);

  // CHECK: call i32 @"dx.op.wavePrefixOp.i32"(i32 121, i32 %{{.*}}, i8 1, i8 0)
  int pprod = WavePrefixProduct((int)id.x);
  // CHECK: call float @"dx.op.wavePrefixOp.f32"(i32 121, float %{{.*}}, i8 0, i8 0)
  // CHECK: call float @"dx.op.wavePrefixOp.f32"(i32 121, float %{{.*}}, i8 0, i8 0)
  float2 psum = WavePrefixSum(float2(id.xy));

  // CHECK: call i32 @"dx.op.waveActiveBit.i32"(i32 120, i32 %{{.*}}, i8 0)
  uint band = WaveActiveBitAnd(id.x);
  // CHECK: call i64 @"dx.op.waveActiveBit.i64"(i32 120, i64 %{{.*}}, i8 2)
  uint64_t bxor = WaveActiveBitXor((uint64_t)id.x << 33);
  // CHECK: call i32 @"dx.op.waveActiveBit.i32"(i32 120, i32 3, i8 1)
  uint blit = WaveActiveBitOr(3);

  // A matrix: four calls, row by row.
  // CHECK-COUNT-4: call i32 @"dx.op.waveActiveOp.i32"(i32 119, i32 %{{.*}}, i8 0, i8 1)
  uint2x2 msum = WaveActiveSum(uint2x2(id.x, id.y, id.z, 1));

  Out[id.x] = up + smin + umin + umax + (uint)fsum + (uint)dmax + hsum + (uint)hprod + (uint)lmin + lit + pprod
            + (uint)psum.y + band + (uint)bxor + blit + msum._m11;
}
