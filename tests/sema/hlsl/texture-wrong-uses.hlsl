// Wrong uses of texture methods: implicit derivatives in compute before
// SM 6.6, a comparison sampler where a plain one is needed, a location of
// the wrong length, and methods a shape does not have.
// RUN: %hlslc -T cs_6_5 -fsyntax-only -verify %s

Texture2D<float4> Tex : register(t0);
TextureCube<float4> Cube : register(t1);
RWTexture2D<float4> Img : register(u0);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);

[numthreads(1, 1, 1)]
void main() {
  float4 a = Tex.Sample(Samp, float2(0, 0)); // expected-error {{'Sample' takes derivatives from the other threads of a quad, which compute shaders have from shader model 6.6 on; the target is 6.5 (use SampleLevel or SampleGrad)}}
  float4 b = Tex.SampleLevel(Cmp, float2(0, 0), 0); // expected-error {{no matching member function for call to 'SampleLevel'}} expected-note {{candidate function not viable: no known conversion from 'SamplerComparisonState' to 'SamplerState' for 1st argument}}
  float4 c = Tex.Load(int2(0, 0)); // expected-error {{no matching member function for call to 'Load'}} expected-note {{candidate function not viable: no known conversion from 'int2' to 'int3' for 1st argument}} expected-note {{candidate function not viable: requires at least 2 arguments, but 1 was provided}}
  float4 d = Cube.Load(int4(0, 0, 0, 0)); // expected-error {{no member named 'Load' in 'TextureCube<float4>'}}
  float4 e = Img.SampleLevel(Samp, float2(0, 0), 0); // expected-error {{no member named 'SampleLevel' in 'RWTexture2D<float4>'}}
  float4 f = Tex.SampleCmpLevel(Cmp, float2(0, 0), 0.5, 0); // expected-error {{'SampleCmpLevel' needs shader model 6.7 or later; the target is 6.5}}
}
