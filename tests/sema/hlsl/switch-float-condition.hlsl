// A switch condition must be an integer (or enum), not a float or a vector.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

enum Mode { Fast, Slow };

void f(float x, int2 v, Mode m, uint u) {
  switch (x) { // expected-error {{switch condition must be an integer, not 'float'}}
  case 1:
    break;
  }
  switch (m) {
  case Fast:
    break;
  }
  switch (u) {
  case 1:
    break;
  }
}
