// A helper whose ifs return early (on both sides of an if-else) and whose
// switch returns from inside a case: in SPIR-V the first returns are
// routed through a selector dispatch, the switch sits inside that
// dispatch's construct, and the return inside the case must reach the
// helper's end through the switch's own merge, not by breaking to the
// dispatch's merge (a module spirv-val rejects; random program 1205).
// Expected values worked out by hand from helper0 below.
// RUN: %hlslc run %s --pipeline %S/return-in-switch-after-returns.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

uint helper0(uint a, uint b) {
  uint h1 = a;
  if ((a & 4u) != 0) {
    if ((b & 8u) != 0)
      return 1;
  } else {
    if (b > 11)
      return 7;
  }
  switch (b & 3u) {
  case 0:
    if (a == 8)
      return 2;
    break;
  default:
    h1 = 100;
    break;
  }
  return h1 + a;
}

[numthreads(16, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = helper0(i * 2, i);
}
