// A case whose if breaks out of the switch (or returns from the helper),
// and which otherwise falls into a default case that returns.  Its paths
// first meet in the default case, not at the switch's end; in SPIR-V the
// switch merges at its end (the lowering names it on the switch, in
// modules for -spirv) and the if merges where it falls through (random
// programs 5434 and 5795, reduced).  Expected values worked out by hand
// from the code below (see the yaml).
// RUN: %hlslc run %s --pipeline %S/switch-case-falls-into-return.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

uint fallsIntoReturn(uint a, uint b) {
  switch (b & 3u) {
  case 0:
    if ((a & 8u) != 0 && (b & 16u) != 0)
      return 5;
  default:
    a += 100;
  }
  return a;
}

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  Out[32 + gi] = fallsIntoReturn(gi, gi * 7);
  if ((gi & 1u) != 0) {
    switch (gi & 6u) {
    case 0:
      if ((gi & 8u) != 0) {
        Out[gi] = 1000 + gi;
        break;
      }
    default:
      Out[gi] = 2000 + gi;
      return;
    }
    Out[gi] += 10;
  }
}
