// A helper that returns from inside nested ifs, with stores between the
// returns: each lane takes a different way out.  In SPIR-V the inlined
// returns leave their selections other than through the merge, so they are
// routed through a selector at the merge; the CPU executor and (with a
// device) Vulkan must agree on every lane.
// RUN: %hlslc run %s --pipeline %S/return-in-nested-ifs.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

uint Classify(uint lane, uint v) {
  if (v > 10) {
    if (v > 100) {
      if (v == 503) return 7;
      Out[8 + lane] = v;          // lanes 2..6 pass here; lane 7 returns 7
    }
    if (v == 53) return 5;
    Out[16 + lane] += 1;
  } else {
    if (v == 3) return 3;
    Out[16 + lane] = 99;
  }
  return 1;
}

[numthreads(8, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  Out[i] = Classify(i, i == 7 ? 503 : i * 50 + 3) * 10 + (i & 1);
}
