// `const` after the type (`uint const x`), as C++ allows and DXC accepts, in
// a parameter, a local, a global and a static member: the same as before it.
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify %s
// RUN: %hlslc -T cs_6_0 %s -o %t.ll

RWStructuredBuffer<float> o : register(u0);
static float const K = 3;
static const float J = 4;
struct Table { static uint const Size = 4; };

float twice(uint const step) {
#ifdef BAD
  step = 1; // expected-error {{cannot assign to variable 'step' with const-qualified type 'uint'}}
#endif
  return step * 2.0;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float const s = 2.0f;
#ifdef BAD
  s = 3; // expected-error {{cannot assign to variable 's' with const-qualified type 'float'}}
  K = 1; // expected-error {{cannot assign to variable 'K' with const-qualified type 'float'}}
#endif
  float local[Table::Size];
  local[0] = s;
  o[0] = twice(id.x) + s + K + J + local[0];
}
