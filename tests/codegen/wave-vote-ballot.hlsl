// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Votes, ballots and bit counts: WaveIsFirstLane (110), WaveActiveAnyTrue
// (waveAnyTrue 113), WaveActiveAllTrue (waveAllTrue 114), WaveActiveBallot
// (116, a %dx.types.fouri32 whose four words become the uint4, x first),
// WaveActiveCountBits (WaveAllBitCount 135, `dx.op.waveAllOp`) and
// WavePrefixCountBits (WavePrefixBitCount 136, `dx.op.wavePrefixOp` with no
// overload suffix, beside WavePrefixOp's `dx.op.wavePrefixOp.i32`).

RWStructuredBuffer<uint4> Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // CHECK: call i1 @"dx.op.waveIsFirstLane"(i32 110)
  bool first = WaveIsFirstLane();
  // CHECK: [[C:%"\.[0-9]+"]] = icmp ult i32 %{{.*}}, 16
  // CHECK-NEXT: call i1 @"dx.op.waveAnyTrue"(i32 113, i1 [[C]])
  bool any = WaveActiveAnyTrue(id.x < 16);
  // CHECK: call i1 @"dx.op.waveAllTrue"(i32 114, i1 %{{.*}})
  bool all = WaveActiveAllTrue(id.x != 3);

  // CHECK: [[B:%"ballot[.0-9]*"]] = call %"dx.types.fouri32" @"dx.op.waveActiveBallot"(i32 116, i1 %{{.*}})
  // CHECK-NEXT: [[W0:%"\.[0-9]+"]] = extractvalue %"dx.types.fouri32" [[B]], 0
  // CHECK-NEXT: [[V0:%"\.[0-9]+"]] = insertelement <4 x i32> <i32 undef, i32 undef, i32 undef, i32 undef>, i32 [[W0]], i32 0
  // CHECK-NEXT: [[W1:%"\.[0-9]+"]] = extractvalue %"dx.types.fouri32" [[B]], 1
  // CHECK-NEXT: [[V1:%"\.[0-9]+"]] = insertelement <4 x i32> [[V0]], i32 [[W1]], i32 1
  // CHECK-NEXT: [[W2:%"\.[0-9]+"]] = extractvalue %"dx.types.fouri32" [[B]], 2
  // CHECK-NEXT: [[V2:%"\.[0-9]+"]] = insertelement <4 x i32> [[V1]], i32 [[W2]], i32 2
  // CHECK-NEXT: [[W3:%"\.[0-9]+"]] = extractvalue %"dx.types.fouri32" [[B]], 3
  // CHECK-NEXT: [[V3:%"\.[0-9]+"]] = insertelement <4 x i32> [[V2]], i32 [[W3]], i32 3
  // CHECK-NEXT: store <4 x i32> [[V3]], <4 x i32>* %"mask"
  uint4 mask = WaveActiveBallot(id.x % 2 == 0);

  // CHECK: call i32 @"dx.op.waveAllOp"(i32 135, i1 %{{.*}})
  uint count = WaveActiveCountBits(id.x > 7);
  // CHECK: call i32 @"dx.op.wavePrefixOp"(i32 136, i1 1)
  uint before = WavePrefixCountBits(true);
  // CHECK: call i32 @"dx.op.wavePrefixOp.i32"(i32 121, i32 %{{.*}}, i8 0, i8 1)
  uint sum = WavePrefixSum(id.x);

  Out[id.x] = mask + uint4(count, before, sum, (first ? 1 : 0) + (any ? 2 : 0) + (all ? 4 : 0));
}

// CHECK-DAG: declare i1 @"dx.op.waveIsFirstLane"(i32 %".1") nounwind
// CHECK-DAG: declare %"dx.types.fouri32" @"dx.op.waveActiveBallot"(i32 %".1", i1 %".2") nounwind
// CHECK-DAG: declare i32 @"dx.op.waveAllOp"(i32 %".1", i1 %".2") nounwind
// CHECK-DAG: declare i32 @"dx.op.wavePrefixOp"(i32 %".1", i1 %".2") nounwind
// CHECK-DAG: declare i32 @"dx.op.wavePrefixOp.i32"(i32 %".1", i32 %".2", i8 %".3", i8 %".4") nounwind
