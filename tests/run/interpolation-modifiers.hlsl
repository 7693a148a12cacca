// Interpolation modes on struct members and parameters (`linear`,
// `centroid`, `noperspective`, `sample`, `center`, `nointerpolation`), as
// a header shared by graphics and compute shaders has them: accepted and
// without effect in a compute shader.  They are keywords only before a
// type or another modifier, so variables may still be called `sample`,
// `linear` or `center`.  `unsigned` makes the unsigned type of an integer
// vector or matrix (`unsigned int4` is `uint4`).
// RUN: %hlslc run %s --pipeline %S/interpolation-modifiers.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify %s

struct VertexOut {
  linear float2 uv : TEXCOORD0;
  centroid float4 color : COLOR0;
  noperspective float3 normal : NORMAL;
  sample float weight : TEXCOORD1;
  linear sample float2 both : TEXCOORD2;
  nointerpolation uint id : TEXCOORD3;
  center float2 pixel : TEXCOORD4;
};

typedef float Weight;

float4 shade(linear float4 value, sample Weight w, centroid in float bias) {
  return value * w + bias;
}

[[vk::binding(0)]] RWStructuredBuffer<uint4> Out : register(u0);

[numthreads(2, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  float4 sample = float4(1, 2, 3, 4);
  float linear = 2, center = 3, centroid = 4, noperspective = 5;
  VertexOut v = (VertexOut)0;
  v.uv = float2(linear, center);
  v.weight = centroid;
  v.id = tid.x;
  float4 s = shade(sample, v.weight, noperspective);          // (9, 13, 17, 21)
  unsigned int4 u = (unsigned int4)s;
  unsigned int2x2 m = unsigned int2x2(1, 2, 3, 4);
  unsigned uint3 w = 7;
  unsigned min16int2 h = unsigned min16int2(5, 6);
  Out[tid.x * 2] = u + v.id;
  Out[tid.x * 2 + 1] = uint4(m[1][0], w.z, h) + uint4(v.uv, 0, 0);
#ifdef BAD
  unsigned float2 f = 0; // expected-error {{'float' cannot be signed or unsigned}}
#endif
}
