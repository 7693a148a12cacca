// An inlined helper that returns early from inside an if, then from inside
// a loop in the else of a later if (NVIDIA's OMM rasterizer,
// `GetStateAtPixelCenter`).  For SPIR-V the first return's dispatch holds
// the rest of the helper; the loop's two exits meet in a dispatch between
// the loop's end and that dispatch's merge, which is written as a
// conditional branch (a break out of the enclosing dispatch) rather than a
// switch: it had no structured form.
// RUN: %hlslc run %s --pipeline %S/return-from-loop-in-else-after-return.yaml | FileCheck %s
// CHECK: Visits: pass
// RUN: %hlslc -spirv -T cs_6_0 %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

void Visit(uint i, float a, bool early) {
  if (i < 100) {
    if (early)
      return;
  }
  if (a > 0.5f) {
    Out[i] += 10;
  } else
    for (uint e = 0; e < 3; ++e) {
      Out[i] += 1;
      if (a * e > 0.25f)
        return;
    }
  Out[i] += 100;
}

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = 0;
  Visit(i, i == 1 ? 0.75 : (i == 2 ? 0.2 : 0.0), i == 3);
}
