// An inlined helper called in nested loops: a return inside an `if` in an
// `if (true)` block, then a block whose `&&` chain of helper calls guards
// a loop that returns (the shape of NVIDIA OMM's rasterizer).  For SPIR-V
// the loop's exit is a dispatch between two blocks inside the first
// return's dispatch, one of them routed to that dispatch's end; it is
// written as a conditional branch (a break), where a switch had no
// structured form.
// RUN: %hlslc run %s --pipeline %S/return-from-loop-after-returning-block.yaml | FileCheck %s
// CHECK: Counts: pass
// RUN: %hlslc -spirv -T cs_6_0 %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

[[vk::binding(0)]] RWStructuredBuffer<uint> Out : register(u0);
[[vk::binding(1)]] StructuredBuffer<float4> Samples : register(t0);

bool Small(float v) { return abs(v) < 0.5; }
bool Crosses(float p0, float p1, float limit) { return p0 + p1 > limit; }

void Classify(uint cell, inout uint visits, inout uint crossings) {
  if (cell % 5 != 4) {
    const float4 g = Samples[cell % 4];
    if (true) {
      if (visits > 6)
        return;
    }
    {
      visits += 1;
      float b = g.y - g.x, c = g.z - g.x, d = g.w - g.y;
      if (Small(b) && Small(c) && Small(d)) {
        for (uint edge = 0; edge < 3; ++edge) {
          if (Crosses(g[edge], g[edge + 1], 1.5)) {
            crossings += 1;
            return;
          }
        }
      }
    }
  }
  crossings += 100;
}

[numthreads(2, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint visits = 0, crossings = 0;
  for (uint y = 0; y < 3; ++y)
    for (uint x = 0; x < 3 + i; ++x)
      Classify(y * 3 + x, visits, crossings);
  Out[i * 2] = visits;
  Out[i * 2 + 1] = crossings;
}
