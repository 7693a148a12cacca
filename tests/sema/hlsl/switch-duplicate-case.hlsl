// Duplicate case values (also when spelled differently) and two default
// labels; the note points at the first one.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

static const int Two = 2;

void f(int x) {
  switch (x) {
  case 1: // expected-note {{previous case defined here}}
    break;
  case 2: // expected-note {{previous case defined here}}
    break;
  case 1: // expected-error {{duplicate case value '1'}}
    break;
  case Two: // expected-error {{duplicate case value '2'}}
    break;
  default: // expected-note {{previous default label is here}}
    break;
  default: // expected-error {{multiple default labels in one switch}}
    break;
  }
}
