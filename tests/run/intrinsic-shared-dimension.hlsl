// Parameters of an intrinsic that share a dimension (mul's inner size,
// dot's length) take the smallest size among their arguments, as DXC's
// argument matching does: the larger argument truncates, with the
// truncation warning, so `mul(float4x4, float3)` multiplies by the 4x3
// part and `mul(float3, float4x4)` by the 3x4 part.
// RUN: %hlslc run %s --pipeline %S/intrinsic-shared-dimension.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify %s

RWStructuredBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float4x4 m = float4x4(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16);
  float3 v = float3(1, 10, 100);
  Out[0] = mul(m, v);                            // expected-warning {{implicit truncation of vector type}}
  Out[1] = mul(v, m);                            // expected-warning {{implicit truncation of vector type}}
  float3 r = mul(m, v);                          // expected-warning {{implicit truncation of vector type}} expected-warning {{implicit truncation of vector type from 'float4' to 'float3'}}
  float2 s = mul(float2x3(1, 2, 3, 4, 5, 6), v); // no truncation: 2x3 by 3
  float3x3 p = mul(m, (float3x3)m);              // expected-warning {{implicit truncation of vector type}} expected-warning {{from 'float4x3' to 'float3x3'}}
  Out[2] = float4(r, dot(float4(1, 2, 3, 4), v)); // expected-warning {{implicit truncation of vector type}}
  Out[3] = float4(s, p._11, p._33);
}
