// RUN: %hlslc -T cs_6_0 -fsyntax-only -verify %s
// `static_assert` and C11's `_Static_assert` (clang, so DXC, takes both in
// every language mode), at file scope, in a function and in a function
// template (per instance); a message is
// optional, and a false condition is an error at the condition.
#define N (512 * 1024)
_Static_assert(N < ((1 << 23) - 2), "fits in 23 bits");
static_assert(sizeof(uint) == 4);
_Static_assert(N == 1, "not one"); // expected-error {{static assertion failed: not one}}

// In a function template, per instance.
template <typename T> uint four() {
  static_assert(sizeof(T) == 4, "four bytes"); // expected-error {{static assertion failed: four bytes}}
  return 1;
}
RWStructuredBuffer<uint> Out;

[numthreads(1, 1, 1)]
void main() {
  Out[0] = four<float>();
  Out[1] = four<double>();          // expected-note {{in instantiation of function template 'four<double>' requested here}}
  _Static_assert(sizeof(float4) == 16, "local");
  static_assert(N > 0, "positive");
  _Static_assert(N < 0);            // expected-error {{static assertion failed}}
}
