// The entry returns from inside an if in a switch case whose other side
// falls through into the next case (random program 1033 reduced).  In
// SPIR-V the if's merge is the side that goes on (OpReturn may leave any
// construct); taking the return's side for the merge left the
// fallthrough with nowhere structured to go, and the backend gave up.
// Expected values worked out by hand (comments below); the CPU executor
// runs it, and the GPU tests compare the device with it.
// RUN: %hlslc run %s --pipeline %S/return-in-case-falling-through.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint v = i;
  switch (i & 3u) {
  case 1:
    v += 10;
    if (i > 4)
      return;             // lane 5 leaves: Out[5] keeps its 99
  case 2:
    v += 100;             // lanes 1, 2, 6 (lane 1 falls through with 11)
    break;
  default:
    v += 1000;            // lanes 0, 3, 4, 7
    break;
  }
  Out[i] = v;
}
