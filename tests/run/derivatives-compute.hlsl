// ddx, ddy, their _coarse and _fine forms and fwidth in a compute shader
// (SM 6.6 and later, as in DXC): differences across 2x2 quads of threads,
// lanes 4k..4k+3 of a 1D group being the quad's top left, top right,
// bottom left and bottom right; coarse ones take the quad's top left row
// or column, fine ones each lane's own.  WickedEngine's shared headers call
// them in helpers.  The entry must reach them with a quad-shaped group
// (tests/sema/hlsl/texture-derivatives-numthreads.hlsl has the rules).
// RUN: %hlslc run %s --pipeline %S/derivatives-compute.yaml | FileCheck %s
// CHECK: Differences: pass
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s --check-prefix=IR
// IR: call float @"dx.op.unary.f32"(i32 83,
// IR: call float @"dx.op.unary.f32"(i32 84,
// IR: call float @"dx.op.unary.f32"(i32 85,
// IR: call float @"dx.op.unary.f32"(i32 86,
// RUN: not %hlslc -T cs_6_5 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=SM
// SM: error: Intrinsic ddx potentially used by 'main' requires derivatives - shader model 6.6 or greater is required for use in compute, amplification, or mesh shaders.

RWStructuredBuffer<float4> Out : register(u0);

float4 Differences(float v) {
  return float4(ddx(v), ddy_coarse(v), ddx_fine(v), ddy_fine(v));
}

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  float v = i * i;
  Out[2 * i] = Differences(v);
  Out[2 * i + 1] = float4(fwidth(float2(v, -v)), ddx_coarse(v), ddy(v));
}
