// break needs a loop or switch; continue needs a loop (a switch is not one).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

void f(int x) {
  break; // expected-error {{'break' statement not in loop or switch statement}}
  switch (x) {
  case 0:
    continue; // expected-error {{'continue' statement not in loop statement}}
  default:
    break;
  }
  for (int i = 0; i < 4; i++) {
    if (i == x)
      continue;
    break;
  }
  continue; // expected-error {{'continue' statement not in loop statement}}
}
