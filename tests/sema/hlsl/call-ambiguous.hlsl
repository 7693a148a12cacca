// A float argument converts equally well to int and to uint: the call is
// ambiguous and both candidates are listed.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

void take(int x) {} // expected-note {{candidate function}}
void take(uint x) {} // expected-note {{candidate function}}
void take(int2 x) {}

void f() {
  take(1.5f); // expected-error {{call to 'take' is ambiguous}}
  take(1);
  take(1u);
}
