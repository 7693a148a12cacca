// Calling a user function with too many or too few arguments; the note
// points at the candidate's declaration.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

float scale(float x, float by) { return x * by; }

void f() {
  scale(1.0, 2.0, 3.0); // expected-error {{no matching function for call to 'scale'}}
  scale(1.0); // expected-error {{no matching function for call to 'scale'}}
  scale(1.0, 2.0);
}
// expected-note@5 {{candidate function not viable: requires 2 arguments, but 3 were provided}}
// expected-note@5 {{candidate function not viable: requires 2 arguments, but 1 was provided}}
