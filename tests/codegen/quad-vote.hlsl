// RUN: %hlslc -T cs_6_7 %s | FileCheck %s --check-prefix=VOTE
// RUN: %hlslc -T cs_6_6 %s | FileCheck %s --check-prefix=EXPAND
// QuadAny/QuadAll: from SM 6.7 one QuadVote (222, overload i1, QuadVoteOpKind
// Any 0, All 1).  Before it DXIL has no QuadVote and DXC expands the vote:
// the condition sign-extended to i32, read across X, Y and the diagonal
// (QuadOp 123), or-ed (Any) or and-ed (All) with itself, truncated to i1.

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // VOTE: [[C:%"\.[0-9]+"]] = icmp eq i32 %{{.*}}, 1
  // VOTE-NEXT: call i1 @"dx.op.quadVote.i1"(i32 222, i1 [[C]], i8 0)
  // EXPAND: [[C:%"\.[0-9]+"]] = icmp eq i32 %{{.*}}, 1
  // EXPAND-NEXT: [[W:%"\.[0-9]+"]] = sext i1 [[C]] to i32
  // EXPAND-NEXT: [[X:%"\.[0-9]+"]] = call i32 @"dx.op.quadOp.i32"(i32 123, i32 [[W]], i8 0)
  // EXPAND-NEXT: [[Y:%"\.[0-9]+"]] = call i32 @"dx.op.quadOp.i32"(i32 123, i32 [[W]], i8 1)
  // EXPAND-NEXT: [[Z:%"\.[0-9]+"]] = call i32 @"dx.op.quadOp.i32"(i32 123, i32 [[W]], i8 2)
  // EXPAND-NEXT: [[XY:%"\.[0-9]+"]] = or i32 [[X]], [[Y]]
  // EXPAND-NEXT: [[XYZ:%"\.[0-9]+"]] = or i32 [[XY]], [[Z]]
  // EXPAND-NEXT: [[R:%"\.[0-9]+"]] = or i32 [[XYZ]], [[W]]
  // EXPAND-NEXT: trunc i32 [[R]] to i1
  bool any = QuadAny(id.x == 1);
  // VOTE: call i1 @"dx.op.quadVote.i1"(i32 222, i1 %{{.*}}, i8 1)
  // EXPAND: sext i1 %{{.*}} to i32
  // EXPAND-COUNT-3: call i32 @"dx.op.quadOp.i32"
  // EXPAND: and i32
  // EXPAND-NEXT: and i32
  // EXPAND-NEXT: and i32
  // EXPAND-NEXT: trunc i32 %{{.*}} to i1
  bool all = QuadAll(id.y < 4);
  Out[id.x] = (any ? 1 : 0) + (all ? 2 : 0);
}

// VOTE-DAG: declare i1 @"dx.op.quadVote.i1"(i32 %".1", i1 %".2", i8 %".3") nounwind
// EXPAND-NOT: quadVote
