// case and default labels outside a switch.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

void f(int x) {
  case 1: // expected-error {{'case' statement not in switch statement}}
    x = 2;
  while (x > 0) {
    default: // expected-error {{'default' statement not in switch statement}}
      x--;
  }
}
