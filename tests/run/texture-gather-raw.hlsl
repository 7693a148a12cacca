// GatherRaw (SM 6.7, TextureGatherRaw): the raw elements of the four texels
// a bilinear sample at level 0 would read, in Gather's order (i0, j1),
// (i1, j1), (i1, j0), (i0, j0), with and without a texel offset.  The
// texture is 4x2 uint: row 0 is 0x10 0x11 0x12 0x13, row 1 0x20 ... 0x23.
// RUN: %hlslc run %s --pipeline %S/texture-gather-raw.yaml -T cs_6_8 | FileCheck %s
// CHECK: Gathered: pass

Texture2D<uint> Tex : register(t0);
SamplerState Point : register(s0);
RWStructuredBuffer<uint4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = Tex.GatherRaw(Point, float2(0.5, 0.5));          // texels (1..2, 0..1)
  Out[1] = Tex.GatherRaw(Point, float2(0.25, 0.5), int2(1, 0)); // (0..1) moved one right
  Out[2] = Tex.GatherRaw(Point, float2(0.0625, 0.125));     // (-1..0, -1..0) clamped: (0, 0)
}
