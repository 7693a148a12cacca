// RUN: %hlslc -T cs_6_5 %s | FileCheck %s
// SM 6.5: WaveMatch (165) returns a %dx.types.fouri32 mask; for a vector,
// one call per component and the masks AND-ed word by word (lanes equal in
// every component).  WaveMultiPrefixOp (166) takes the uint4 mask as four
// i32 operands, then WaveMultiPrefixOpKind (Sum 0, And 1, Or 2, Xor 3,
// Product 4) and SignedOpKind (Unsigned only for uint Sum and Product);
// WaveMultiPrefixCountBits is WaveMultiPrefixBitCount (167) on an i1.

RWStructuredBuffer<uint4> Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // CHECK: [[K:%"\.[0-9]+"]] = urem i32 %{{.*}}, 4
  // CHECK-NEXT: [[M:%"\.[0-9]+"]] = call %"dx.types.fouri32" @"dx.op.waveMatch.i32"(i32 165, i32 [[K]])
  // CHECK-NEXT: [[W0:%"\.[0-9]+"]] = extractvalue %"dx.types.fouri32" [[M]], 0
  // CHECK-NEXT: insertelement <4 x i32> <i32 undef, i32 undef, i32 undef, i32 undef>, i32 [[W0]], i32 0
  uint4 m1 = WaveMatch(id.x % 4);

  // CHECK: [[X:%"\.[0-9]+"]] = extractelement <2 x float> [[F:%"\.[0-9]+"]], i32 0
  // CHECK-NEXT: [[Y:%"\.[0-9]+"]] = extractelement <2 x float> [[F]], i32 1
  // CHECK-NEXT: [[MX:%"\.[0-9]+"]] = call %"dx.types.fouri32" @"dx.op.waveMatch.f32"(i32 165, float [[X]])
  // CHECK-NEXT: [[MY:%"\.[0-9]+"]] = call %"dx.types.fouri32" @"dx.op.waveMatch.f32"(i32 165, float [[Y]])
  // CHECK-NEXT: [[A0:%"\.[0-9]+"]] = extractvalue %"dx.types.fouri32" [[MX]], 0
  // CHECK-NEXT: [[B0:%"\.[0-9]+"]] = extractvalue %"dx.types.fouri32" [[MY]], 0
  // CHECK-NEXT: [[AND0:%"\.[0-9]+"]] = and i32 [[A0]], [[B0]]
  // CHECK-NEXT: insertvalue %"dx.types.fouri32" [[MX]], i32 [[AND0]], 0
  uint4 m2 = WaveMatch(float2(id.xy));

  // CHECK: [[MASK:%"\.[0-9]+"]] = load <4 x i32>, <4 x i32>* %"m1"
  // CHECK-NEXT: [[K0:%"\.[0-9]+"]] = extractelement <4 x i32> [[MASK]], i32 0
  // CHECK-NEXT: [[K1:%"\.[0-9]+"]] = extractelement <4 x i32> [[MASK]], i32 1
  // CHECK-NEXT: [[K2:%"\.[0-9]+"]] = extractelement <4 x i32> [[MASK]], i32 2
  // CHECK-NEXT: [[K3:%"\.[0-9]+"]] = extractelement <4 x i32> [[MASK]], i32 3
  // CHECK-NEXT: call i32 @"dx.op.waveMultiPrefixOp.i32"(i32 166, i32 %{{.*}}, i32 [[K0]], i32 [[K1]], i32 [[K2]], i32 [[K3]], i8 0, i8 1)
  uint psum = WaveMultiPrefixSum(id.x, m1);
  // CHECK: call i32 @"dx.op.waveMultiPrefixOp.i32"(i32 166, i32 %{{.*}}, i32 %{{.*}}, i8 4, i8 0)
  // CHECK: call i32 @"dx.op.waveMultiPrefixOp.i32"(i32 166, i32 %{{.*}}, i32 %{{.*}}, i8 4, i8 0)
  int2 pprod = WaveMultiPrefixProduct(int2(id.xy), m1);
  // CHECK: call float @"dx.op.waveMultiPrefixOp.f32"(i32 166, float 0x3fe0000000000000, i32 %{{.*}}, i8 0, i8 0)
  float fsum = WaveMultiPrefixSum(0.5f, m1);
  // CHECK: call i32 @"dx.op.waveMultiPrefixOp.i32"(i32 166, i32 %{{.*}}, i32 %{{.*}}, i8 1, i8 0)
  uint pand = WaveMultiPrefixBitAnd(id.x, m2);
  // CHECK: call i32 @"dx.op.waveMultiPrefixOp.i32"(i32 166, i32 %{{.*}}, i32 %{{.*}}, i8 2, i8 0)
  uint por = WaveMultiPrefixBitOr(id.x, m2);
  // CHECK: call i32 @"dx.op.waveMultiPrefixOp.i32"(i32 166, i32 %{{.*}}, i32 %{{.*}}, i8 3, i8 0)
  uint pxor = WaveMultiPrefixBitXor(id.x, m2);
  // CHECK: [[C:%"\.[0-9]+"]] = icmp ugt i32 %{{.*}}, 3
  // CHECK: call i32 @"dx.op.waveMultiPrefixBitCount"(i32 167, i1 [[C]], i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}})
  uint pcount = WaveMultiPrefixCountBits(id.x > 3, m1);

  Out[id.x] = m1 + m2 + uint4(psum, pprod.y, pand + por + pxor + (uint)fsum, pcount);
}

// CHECK-DAG: declare %"dx.types.fouri32" @"dx.op.waveMatch.i32"(i32 %".1", i32 %".2") nounwind
// CHECK-DAG: declare i32 @"dx.op.waveMultiPrefixOp.i32"(i32 %".1", i32 %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6", i8 %".7", i8 %".8") nounwind
// CHECK-DAG: declare i32 @"dx.op.waveMultiPrefixBitCount"(i32 %".1", i1 %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
// CHECK-DAG: !{ !"cs", i32 6, i32 5 }
