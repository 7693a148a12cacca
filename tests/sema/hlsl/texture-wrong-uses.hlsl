// Wrong uses of textures and samplers, each a located error in DXC's terms.
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify %s

Texture2D<float4> Tex : register(t0);
Texture2D<int4> Ints : register(t1);
TextureCube<float4> Sky : register(t2);
Texture3D<float4> Vol : register(t3);
Texture2DMS<float4> MS : register(t4);
RWTexture2D<float4> Img : register(u1);
SamplerState Samp : register(s0);
SamplerComparisonState Cmp : register(s1);
RWBuffer<float4> Out : register(u0);
Texture2DMS<float4, 0> NoSamples; // expected-error {{the sample count of 'Texture2DMS' must be an integer constant from 1 to 128}}

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float2 uv = float2(0.5, 0.5);
  // A comparison sampler is not a SamplerState.
  float4 a = Tex.SampleLevel(Cmp, uv, 0); // expected-error {{no matching member function for call to 'SampleLevel'}} expected-note {{no known conversion from 'SamplerComparisonState' to 'SamplerState' for 1st argument}} expected-note {{requires 5 arguments, but 3 were provided}} expected-note {{requires 4 arguments, but 3 were provided}}
  float c = Tex.SampleCmpLevelZero(Samp, uv, 0.5); // expected-error {{no matching member function for call to 'SampleCmpLevelZero'}} expected-note {{no known conversion from 'SamplerState' to 'SamplerComparisonState' for 1st argument}} expected-note {{requires 4 arguments, but 3 were provided}} expected-note {{requires 5 arguments, but 3 were provided}}
  // The location of a 2D Load is an int3 (x, y, mip); a cube has no Load, no offsets, no .mips.
  a += Sky.Load(int4(0, 0, 0, 0)); // expected-error {{no member named 'Load' in 'TextureCube<float4>'}}
  uint st;
  a += Sky.Gather(Samp, float3(1, 0, 0), int2(1, 1), st); // expected-error {{no matching member function for call to 'Gather'}} expected-note {{requires 2 arguments, but 4 were provided}} expected-note {{requires 3 arguments, but 4 were provided}}
  a += Sky.mips[0][uint2(0, 0)]; // expected-error {{no member named 'mips' in 'TextureCube<float4>'}}
  // Only sampled SRVs sample; 3D textures do not compare or gather.
  a += Img.SampleLevel(Samp, uv, 0); // expected-error {{no member named 'SampleLevel' in 'RWTexture2D<float4>'}}
  a += Vol.GatherRed(Samp, float3(uv, 0)); // expected-error {{no member named 'GatherRed' in 'Texture3D<float4>'}}
  a += MS.Sample(Samp, uv); // expected-error {{no member named 'Sample' in 'Texture2DMS<float4>'}}
  // Comparisons need float elements; GatherRaw a single uint.
  c += Ints.SampleCmpLevelZero(Cmp, uv, 0.5); // expected-error {{cannot SampleCmpLevelZero from resource containing int4}}
  a += Tex.GatherRaw(Samp, uv); // expected-error {{cannot GatherRaw from resource containing float4}}
  // .mips takes a level, then a position; textures are read-only.
  a += Tex.mips[0][1.5]; // expected-error {{'Texture2D<float4>.mips[][]' is indexed by a 'uint2', not 'literal float'}}
  a += Tex.mips[uv][tid.xy]; // expected-error {{the mip level of 'Texture2D<float4>.mips[]' is a 'uint', not 'float2'}}
  Tex.mips[0][tid.xy] = a; // expected-error {{cannot assign to an element of read-only 'Texture2D<float4>'}}
  a += MS.mips[0][tid.xy]; // expected-error {{no member named 'mips' in 'Texture2DMS<float4>'}}
  // GetDimensions writes its outputs.
  uint w, h;
  Tex.GetDimensions(w); // expected-error {{no matching member function for call to 'GetDimensions'}} expected-note {{requires 2 arguments, but 1 was provided}} expected-note {{requires 4 arguments, but 1 was provided}}
  Tex.GetDimensions(0, w, h, 4); // expected-error {{no matching member function for call to 'GetDimensions'}} expected-note {{requires 2 arguments, but 4 were provided}} expected-note {{no known conversion from 'literal int' to 'uint' for 4th argument}}
  Out[tid.x] = a + c + w + h;
}
