// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// A ray march as real shaders write it: a helper's loop that breaks out
// from inside ifs and also returns from inside one.  The loop's test and
// its breaks end at the loop's own end, the return goes past it to the
// helper's exit, so the loop leaves through one merge block that
// dispatches on a selector: each block that leaves the loop sets the
// selector and branches straight to that merge (a break inside an if may
// go nowhere else).  This hung the compiler, the end of the loop having
// been taken into the loop's body, where no merge could route a break.

cbuffer March : register(b0) { uint max_steps; float thickness; };
RWStructuredBuffer<float> Depth : register(u1);
RWStructuredBuffer<float2> Hits : register(u2);

float2 march(float2 uv, float start)
{
    float pos = start;
    for (uint i = 0; i < max_steps; i++)
    {
        pos += 0.5f;
        if (pos > 100.0f)
            break;
        float depth = Depth[i];
        float delta = pos - depth;
        if (delta > 0.0f && delta < thickness && depth > start + 0.01f)
            return float2(pos, depth);
        if (abs(delta) > thickness * 10.0f && i > 4)
            break;
    }
    return uv;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    // The loop's test, the first break, the return, the second break:
    // CHECK: OpLoopMerge [[EXIT:%loop_cond_exit_[0-9]+]] %loop_step None
    // CHECK: OpStore %loop_cond_exit_selector %uint_0
    // CHECK-NEXT: OpBranchConditional {{%[0-9]+}} %loop_body [[EXIT]]
    // CHECK: OpStore %loop_cond_exit_selector %uint_0
    // CHECK-NEXT: OpBranch [[EXIT]]
    // CHECK: OpStore %loop_cond_exit_selector %uint_1
    // CHECK-NEXT: OpBranch [[EXIT]]
    // CHECK: OpStore %loop_cond_exit_selector %uint_0
    // CHECK-NEXT: OpBranch [[EXIT]]
    // CHECK: [[EXIT]] = OpLabel
    // CHECK-NEXT: [[SEL:%[0-9]+]] = OpLoad %uint %loop_cond_exit_selector
    // CHECK-NEXT: OpSelectionMerge %march_exit None
    // CHECK-NEXT: OpSwitch [[SEL]] %loop_end 1 %march_exit
    // CHECK: %loop_end = OpLabel
    // CHECK: OpBranch %march_exit
    Hits[id.x] = march(float2(id.x, 0), Depth[id.x]);
}
