// Member functions: their bodies are checked even when nothing calls them,
// `this` only exists inside non-static member functions, and operators a
// struct does not define are errors naming the missing member.
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify %s

struct S {
  float x;
  float unused() { return y; } // expected-error {{use of undeclared identifier 'y'}}
  static float make() { return this.x; } // expected-error {{invalid use of 'this' outside of a non-static member function}}
};

[numthreads(1, 1, 1)]
void main() {
  S a, b;
  a.x = 1;
  b = a;
  S c = a * b; // expected-error {{invalid operands to binary expression ('S' and 'S'): 'S' has no member 'operator*'}}
  float t = this.x; // expected-error {{invalid use of 'this' outside of a non-static member function}}
}
