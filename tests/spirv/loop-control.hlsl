// RUN: %hlslc -spirv -S -T cs_6_6 %s -o - | FileCheck %s
// RUN: %hlslc -T cs_6_6 %s -o - | FileCheck %s --check-prefix=IR
// Loop attributes reach the driver: [unroll] -> Unroll, [unroll(N)] ->
// PartialCount N, [loop] -> DontUnroll, none -> None; in the IR, LLVM's
// loop metadata on the back edge (a do-while's is its condition's branch).

RWByteAddressBuffer Out : register(u0);

// IR: br label %"loop.cond", !llvm.loop [[FULL:![0-9]+]]
// IR: br label %"loop.cond.1", !llvm.loop [[NEVER:![0-9]+]]
// IR: br label %"loop.cond.2", !llvm.loop [[TWO:![0-9]+]]
// IR: br i1 {{%[^,]+}}, label %"loop.body.4", label %"loop.end.4", !llvm.loop [[FULL]]
// IR-DAG: [[FULL]] = !{ [[P1:![0-9]+]] }
// IR-DAG: [[P1]] = !{ !"llvm.loop.unroll.full" }
// IR-DAG: [[NEVER]] = !{ [[P2:![0-9]+]] }
// IR-DAG: [[P2]] = !{ !"llvm.loop.unroll.disable" }
// IR-DAG: [[TWO]] = !{ [[P3:![0-9]+]] }
// IR-DAG: [[P3]] = !{ !"llvm.loop.unroll.count", i32 2 }

// CHECK: OpLoopMerge %loop_end %loop_step Unroll
// CHECK: OpLoopMerge %loop_end_1 %loop_step_1 DontUnroll
// CHECK: OpLoopMerge %loop_end_2 %loop_step_2 PartialCount 2
// CHECK: OpLoopMerge %loop_end_3 %loop_step_3 None
// CHECK: OpLoopMerge %loop_end_4 %loop_step_4 Unroll

[numthreads(1, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    uint s = t;
    [unroll] for (uint i = 0; i < 4; ++i) s += i * s;
    [loop] for (uint j = 0; j < 4; ++j) s ^= j << s;
    [unroll(2)] while (s < 100) s += 3;
    for (uint k = 0; k < t; ++k) s += k;
    [unroll] do { s++; } while (s < 120);
    Out.Store(0, s);
}
