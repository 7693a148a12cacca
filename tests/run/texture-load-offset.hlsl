// Texture2D.Load with a texel offset (the immediate int2 of
// Load(location, offset)), positive and negative: the texel at location +
// offset.  The CPU executor runs the IR; the GPU tests run the same
// pipeline on Vulkan and compare.
// RUN: %hlslc run %s --pipeline %S/texture-load-offset.yaml | FileCheck %s
// CHECK: Offsets: pass

Texture2D<float> Tex : register(t0);
RWStructuredBuffer<float> Out : register(u0);

[numthreads(2, 2, 1)]
void main(uint3 id : SV_GroupThreadID) {
  int3 at = int3(id.x + 1, id.y, 0);
  uint i = (id.y * 2 + id.x) * 3;
  Out[i + 0] = Tex.Load(at);
  Out[i + 1] = Tex.Load(at, int2(1, 0));
  Out[i + 2] = Tex.Load(at, int2(-1, 1));
}
