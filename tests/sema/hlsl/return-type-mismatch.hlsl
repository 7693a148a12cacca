// return without a value from a non-void function, with a value from a void
// function, and with a value of an unconvertible type.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

struct Sample { int a; };

float missing() {
  return; // expected-error {{non-void function must return a value of type 'float'}}
}

void extra() {
  return 1; // expected-error {{void function should not return a value}}
}

float wrong(Sample s) {
  return s; // expected-error {{cannot return a value of type 'Sample' from a function returning 'float'}}
}

float converted(int i) {
  return i;
}
