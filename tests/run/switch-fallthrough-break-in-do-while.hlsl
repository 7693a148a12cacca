// A switch heading a do-while's body, whose first case breaks from inside
// an if and otherwise falls through into the default.  The paths first
// meet at the default case, but the `break` goes past it: the switch's
// end is its merge in SPIR-V (the default case was taken for it, and the
// module had no structured form; random program 5299, reduced).
// Expected values computed by hand from the loop below (see the yaml).
// RUN: %hlslc run %s --pipeline %S/switch-fallthrough-break-in-do-while.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(16, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  uint acc = 0;
  uint k = 0;
  do {
    switch ((gi + k) & 3u) {
    case 0:
      if (((gi ^ k) & 4u) != 0) {
        acc += 1000;
        break;
      }
      acc += 100;
    default:
      acc += 10;
    case 2:
      acc += 1;
    }
    k++;
  } while (k < (gi & 3u) + 2);
  Out[gi] = acc;
}
