// A name declared twice in one scope (variables, parameters).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

float f(int p, int p) { // expected-error {{redefinition of parameter 'p'}} expected-note {{previous definition is here}}
  int x = 1;            // expected-note {{previous definition is here}}
  float x = 2;          // expected-error {{redefinition of 'x'}}
  {
    float x = 3;        // a new scope may hide it
  }
  return x;
}

// An error in an initializer does not make later uses "undeclared".
float g(float2 v) {
  float a = v.z;        // expected-error {{vector swizzle 'z' is out of bounds for 'float2'}}
  return a;
}
