// A helper's search loop that leaves in every way real shaders do: its
// own test, a break at an end marker, a return from inside an `if` with
// `&&`, and a break past a limit.  Each thread takes a different way out;
// hlslc run computes each one's answer (on a Vulkan device through the
// SPIR-V, where the loop leaves through one merge that dispatches on a
// selector, the return going past the loop's end).
// RUN: %hlslc run %s --pipeline %S/loop-break-and-return.yaml | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// CHECK: Found: pass

StructuredBuffer<uint> Keys : register(t0);
RWStructuredBuffer<uint> Found : register(u0);

uint find(uint wanted, uint limit)
{
    uint steps = wanted < 9 ? 16 : 4;
    for (uint i = 0; i < steps; i++)
    {
        uint key = Keys[i];
        if (key == 0)
            break;
        if (key == wanted && i >= 1)
            return i;
        if (key > limit)
            break;
    }
    return 100 + wanted;
}

[numthreads(10, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    Found[id.x] = find(id.x, id.x % 2 == 0 ? 6 : 100);
}
