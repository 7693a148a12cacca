// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// A helper's `return` from inside two loops: the inlined return branches
// past both loops.  Each loop leaves through one merge block that
// dispatches on a selector set on the way out: to the code after the loop
// (where the loop's own test leads, which runs after its threads meet
// again) or on towards the helper's exit block.

RWByteAddressBuffer Data : register(u0);

uint FindInGrid(uint width, uint height, uint wanted)
{
    for (uint y = 0; y < height; ++y) {
        for (uint x = 0; x < width; ++x) {
            if (Data.Load((y * width + x) * 4) == wanted)
                return y * width + x;
        }
    }
    return 0xFFFFFFFF;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    // CHECK: OpLoopMerge [[OUTER:%loop_cond_exit_[0-9]+]] %loop_step None
    // CHECK: OpLoopMerge [[INNER:%loop_cond_1_exit_[0-9]+]] %loop_step_1 None
    // CHECK-DAG: OpStore %loop_cond_1_exit_selector %uint_0
    // CHECK-DAG: OpStore %loop_cond_1_exit_selector %uint_1
    // CHECK: [[INNER]] = OpLabel
    // CHECK-NEXT: [[SEL:%[0-9]+]] = OpLoad %uint %loop_cond_1_exit_selector
    // CHECK-NEXT: OpSelectionMerge %loop_end_1 None
    // CHECK-NEXT: OpSwitch [[SEL]] %if_then 1 %loop_end_1
    // CHECK: [[OUTER]] = OpLabel
    // CHECK-NEXT: [[SEL2:%[0-9]+]] = OpLoad %uint %loop_cond_exit_selector
    // CHECK-NEXT: OpSelectionMerge %FindInGrid_exit None
    // CHECK-NEXT: OpSwitch [[SEL2]] %FindInGrid_exit 1 %loop_end
    uint found = FindInGrid(8, 8, id.x);
    Data.Store(256 + id.x * 4, found);
}
