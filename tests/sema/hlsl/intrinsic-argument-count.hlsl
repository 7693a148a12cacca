// Intrinsics called with the wrong number of arguments.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

void f(float3 v) {
  dot(v, v, v); // expected-error {{too many arguments to function call, expected 2, have 3}}
  normalize(); // expected-error {{too few arguments to function call, expected 1, have 0}}
  float d = dot(v, v);
  float3 n = normalize(v);
}
