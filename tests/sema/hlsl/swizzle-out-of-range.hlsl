// A swizzle component beyond the vector's length, one that is not a
// component name, and one that mixes xyzw with rgba.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

void f(float2 v2, float4 v4) {
  v2.z; // expected-error {{vector swizzle 'z' is out of bounds for 'float2'}}
  v4.q; // expected-error {{invalid swizzle 'q' on 'float4'}}
  v4.rgz; // expected-error {{invalid swizzle 'rgz' on 'float4'}}
  float4 ok = v2.xyxy + v4.abgr;
}
