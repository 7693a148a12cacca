// Implicit-derivative texture operations (Sample, SampleBias, SampleCmp,
// SampleCmpBias, CalculateLevelOfDetail*) and the derivative intrinsics
// (ddx, ddy, their _coarse and _fine forms, fwidth) reached from a compute entry need
// 2x2 quads: a 1D group with X a multiple of 4, or X and Y multiples of 2.
// Explicit-gradient and level sampling, loads and gathers need nothing.
// RUN: %hlslc -T cs_6_8 -E line -fsyntax-only -verify=line %s
// RUN: %hlslc -T cs_6_8 -E odd -fsyntax-only -verify=odd %s
// RUN: %hlslc -T cs_6_8 -E quads -fsyntax-only -verify=ok %s
// RUN: %hlslc -T cs_6_8 -E explicit -fsyntax-only -verify=ok %s
// ok-no-diagnostics

Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);
RWBuffer<float4> Out : register(u0);

float4 shade(float2 uv) {
  return Tex.Sample(Samp, uv); // line-error {{Intrinsic Sample potentially used by 'line' requires derivatives - when used in compute/amplification/mesh shaders or broadcast nodes, numthreads must be either 1D with X as a multiple of 4 or both X and Y must be multiples of 2.}} odd-error {{Intrinsic Sample potentially used by 'odd' requires derivatives}}
}

[numthreads(6, 1, 1)]
void line(uint3 tid : SV_DispatchThreadID) { // line-note {{entry function defined here}}
  Out[tid.x] = shade(tid.xy / 8.0);
}

[numthreads(3, 2, 1)]
void odd(uint3 tid : SV_DispatchThreadID) { // odd-note 3 {{entry function defined here}}
  Out[tid.x] = shade(tid.xy / 8.0) + Tex.CalculateLevelOfDetail(Samp, tid.xy / 8.0); // odd-error {{Intrinsic CalculateLevelOfDetail potentially used by 'odd' requires derivatives}}
  Out[tid.y] = ddx_fine(tid.x * 0.5); // odd-error {{Intrinsic ddx_fine potentially used by 'odd' requires derivatives}}
}

[numthreads(8, 8, 1)]
void quads(uint3 tid : SV_DispatchThreadID) {
  Out[tid.x] = shade(tid.xy / 8.0) + Tex.SampleCmp(Cmp, tid.xy / 8.0, 0.5) + Tex.SampleBias(Samp, tid.xy / 8.0, 1);
}

[numthreads(1, 1, 1)]
void explicit(uint3 tid : SV_DispatchThreadID) {
  Out[tid.x] = Tex.SampleLevel(Samp, tid.xy / 8.0, 0) + Tex.SampleGrad(Samp, tid.xy / 8.0, 0.1, 0.1) +
               Tex.Gather(Samp, tid.xy / 8.0) + Tex.Load(int3(tid)) + Tex.SampleCmpLevelZero(Cmp, tid.xy / 8.0, 0.5);
}
