// A switch that starts a do-while's body (the loop's header is the
// switch's block), whose case breaks out of the switch from an if or falls
// through into a case that continues the loop (random program 1068
// reduced).  In SPIR-V the switch's construct ends where the iteration
// goes on: taking the loop's continue construct and exit into it made the
// break side the if's merge and the backend gave up.  Expected values: a
// Python mirror of main, checked by hand for lane 0.
// RUN: %hlslc run %s --pipeline %S/switch-heading-loop-fallthrough.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint u = 0;
  uint k = 0;
  do {
    k++;
    switch ((k + i) & 3u) {
    case 0:
      if (i == 3)
        break;          // lane 3 leaves the switch here
    case 1:
      if (k > 3)
        continue;       // the last iterations skip `u += k`
      u += 10;
      break;
    default:
      u += 100;
      break;
    }
    u += k;
  } while (k < 5);
  Out[i] = u;
}
