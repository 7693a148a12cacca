// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Structured control flow recovered from the IR: every loop names its
// merge and continue blocks, every if and switch its merge block.

RWByteAddressBuffer Out : register(u0);

// An early return inside a loop of an inlined helper: the loop's two exits
// (its end, and the helper's return) leave through one merge block that
// dispatches on a selector: to the code after the loop (the loop's own
// exit, where its threads meet again) or on to the helper's exit block.
uint FindFirst(uint limit, uint wanted)
{
    for (uint i = 0; i < limit; ++i) {
        if (Out.Load(i * 4) == wanted)
            return i;
    }
    return limit;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint sum = 0;
    // CHECK: %loop_cond = OpLabel
    // CHECK-NEXT: OpLoopMerge %loop_end %loop_step None
    for (uint i = 0; i < 10; ++i) {
        // CHECK: OpSelectionMerge %if_end None
        if (i == 3)
            continue;
        if (i == id.x)
            break;
        sum += i;
    }

    // A do-while: its condition block is in the continue construct.
    uint n = 0;
    do {
        n += 2;
    } while (n < sum);

    // An if/else, and a switch with a fallthrough and a default.
    if (sum > 20)
        sum -= 1;
    else
        sum += 1;
    // CHECK: OpSelectionMerge %switch_end None
    // CHECK-NEXT: OpSwitch {{%[0-9]+}} {{%switch_case[_0-9]*}} 1 {{%switch_case[_0-9]*}} 2 {{%switch_case[_0-9]*}}
    switch (id.x) {
    case 1:
        sum *= 2;
    case 2:
        sum += 7;
        break;
    default:
        sum = 0;
        break;
    }

    // Nested loops with a break out of the inner one.
    for (uint a = 0; a < 4; ++a)
        for (uint b = 0; b < 4; ++b) {
            if (a + b > 5)
                break;
            sum += a * b;
        }

    // CHECK: OpLoopMerge [[EXIT:%loop_cond_[0-9]+_exit_[0-9]+]] {{%loop_step_[0-9]+}} None
    // CHECK: [[EXIT]] = OpLabel
    // CHECK: OpSelectionMerge %FindFirst_exit None
    // CHECK-NEXT: OpSwitch {{%[0-9]+}} %FindFirst_exit 1 {{%loop_end_[0-9]+}}
    uint found = FindFirst(sum, 7);

    // A return that only some threads take.
    if (id.x == 7)
        return;
    Out.Store(id.x * 4, sum + n + found);
}
