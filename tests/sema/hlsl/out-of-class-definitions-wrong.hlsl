// Wrong definitions of members outside their class.
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify %s

struct S {
  uint a;
  static uint s;
  uint get(); // expected-note {{previous declaration is here}}
};

uint S::s = 20; // expected-note {{previous definition is here}}
uint S::s = 21; // expected-error {{redefinition of 'S::s'}}
int S::a = 3; // expected-error {{'a' is a non-static data member of 'S': only static members are defined outside the class}}
uint S::t = 1; // expected-error {{no static data member named 't' in 'S'}}
float S::get() { return 1; } // expected-error {{return type of out-of-line definition of 'S::get' differs from that in the declaration ('float' vs 'uint')}}
uint S::get() { return a; } // expected-note {{previous definition is here}}
uint S::get() { return a; } // expected-error {{redefinition of 'S::get'}}
uint S::put(uint x) { return x; } // expected-error {{out-of-line definition of 'put' does not match any declaration in 'S'}}

namespace N { uint f(uint x); }
uint N::g(uint x) { return x; } // expected-error {{out-of-line definition of 'g' does not match any declaration in namespace 'N'}}

[numthreads(1, 1, 1)]
void main() {}
