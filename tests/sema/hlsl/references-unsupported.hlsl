// C++'s references are no HLSL: `int&` parses and is DXC's error, in a
// parameter, a local and a template argument (write `inout` for a parameter
// the function changes).
// RUN: %hlslc -T lib_6_3 -fsyntax-only -verify %s

void bump(int& x) { x = x + 1; }          // expected-error {{references are unsupported in HLSL}}
void bump_ok(inout int x) { x = x + 1; }

export void use() {
  int a = 1;
  int b = a & 3;                          // a bitwise and is no reference
  bump_ok(b);
  float& r = b;                           // expected-error {{references are unsupported in HLSL}}
  _Static_assert(!std::is_same<int&, int>::value, ""); // expected-error {{references are unsupported in HLSL}}
}
