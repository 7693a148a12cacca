// No overload of a user function accepts a struct argument; every candidate
// is listed with the argument that fails.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

struct Sample { float value; };

float weigh(float x) { return x; } // expected-note {{candidate function not viable: no known conversion from 'Sample' to 'float' for argument 1}}
float weigh(float2 x) { return x.x; } // expected-note {{candidate function not viable: no known conversion from 'Sample' to 'float2' for argument 1}}

float f(Sample s) {
  return weigh(s); // expected-error {{no matching function for call to 'weigh'}}
}
