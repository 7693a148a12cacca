// Implicit vector truncation is a warning (the compile succeeds): in an
// initializer, a return, and an intrinsic argument (dot(float3, float4)
// truncates the float4).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only -Werror %s

float2 f(float4 v4, float3 v3) {
  float2 v2 = v4; // expected-warning {{implicit truncation of vector type from 'float4' to 'float2'}}
  float d = dot(v3, v4); // expected-warning {{implicit truncation of vector type}}
  float3 same = v3;
  float4 splat = d;
  return v3; // expected-warning {{implicit truncation of vector type from 'float3' to 'float2'}}
}
