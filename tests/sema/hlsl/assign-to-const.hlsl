// Assigning to a const local, to a component of a const vector, and to a
// static const global.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

static const int Limit = 4;

void f() {
  const int c = 1;
  c = 2; // expected-error {{cannot assign to variable 'c' with const-qualified type 'int'}}
  const float3 v = 1;
  v.x = 2; // expected-error {{cannot assign to variable 'v' with const-qualified type 'float3'}}
  Limit = 5; // expected-error {{cannot assign to variable 'Limit' with const-qualified type 'int'}}
  int ok = c;
  ok = 3;
}
