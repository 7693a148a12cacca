// The FX framework's syntax on global samplers and textures, which older
// shaders still carry: a state block after the declarator, a
// `sampler_state` initializer and annotations are ignored with DXC's
// warnings (its effects-syntax test), and the variables are ordinary
// resources.  A cbuffer's block and a function's body are not state blocks.
// RUN: %hlslc -T cs_6_0 -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_0 %s -o %t.ll

Texture2D tex : register(t1), tex2 : register(t2)
< int foo=1; > // expected-warning {{possible effect annotation ignored - effect syntax is deprecated}}
{ // expected-warning {{effect state block ignored - effect syntax is deprecated}}
    Texture = tex;
    Filter = MIN_MAG_MIP_LINEAR;
    AddressU = Wrap;
}, texa[3]
< // expected-warning {{possible effect annotation ignored - effect syntax is deprecated}}
  string Name = "texa";
  int ArraySize = 3;
>;
SamplerState samLinear : register(s7) < bool foo=1 > 2; > { Filter = MIN_MAG_MIP_LINEAR; }; // expected-warning {{possible effect annotation ignored - effect syntax is deprecated}} expected-warning {{effect state block ignored - effect syntax is deprecated}}
sampler S : register(s1) = sampler_state {texture=tex;}; // expected-warning {{effect sampler_state assignment ignored - effect syntax is deprecated}}
SamplerComparisonState SC : register(s3) = sampler_state {texture=tex;}; // expected-warning {{effect sampler_state assignment ignored - effect syntax is deprecated}}
Texture2D<float> depth : register(t5) { Filter = POINT; }; // expected-warning {{effect state block ignored - effect syntax is deprecated}}

RWStructuredBuffer<float4> o : register(u0);
cbuffer CB : register(b0) { float k; };

[numthreads(1, 1, 1)]
void main() {
  o[0] = tex.SampleLevel(samLinear, 0.5, 0) + texa[1].SampleLevel(S, 0.5, 0) * k
       + tex2.SampleCmpLevelZero(SC, 0.5, 0.25) + depth.Load(int3(0, 0, 0));
}
