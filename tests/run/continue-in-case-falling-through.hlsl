// A `continue` from inside an if in a switch case that falls through into
// the next case, in a loop (random program 1043 reduced).  In SPIR-V the
// if's merge is the side that goes on to the next case; the `continue`
// branches to the loop's continue target.  Taking the continue's side for
// the merge left the fallthrough with nowhere structured to go, and the
// backend gave up.  Expected values: a Python mirror of main, checked by
// hand for lanes 0 and 4.
// RUN: %hlslc run %s --pipeline %S/continue-in-case-falling-through.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint u = 0;
  for (uint k = 0; k < 4; k++) {
    switch ((k + i) & 3u) {
    case 0:
      u += 1;
      if (i > 3)
        continue;       // lanes 4-7 skip the rest of this iteration
    case 1:
      u += 10;
      break;
    default:
      u += 100;
      break;
    }
    u += 1000;
  }
  Out[i] = u;
}
