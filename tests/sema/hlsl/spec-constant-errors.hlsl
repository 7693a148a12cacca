// [[vk::constant_id(N)]]: a global const scalar with a constant default;
// not a compile-time constant (its value is set when a Vulkan pipeline is
// created), so it cannot size an array.
// RUN: %hlslc -T cs_6_2 -fsyntax-only -verify %s

[[vk::constant_id(0)]] const int Good = 3;
[[vk::constant_id(1)]] const bool Flag = true;
[[vk::constant_id(1)]] const float SameId = 1.5;     // two constants may share an id
[[vk::constant_id(2)]] int NotConst = 1;             // expected-error {{'vk::constant_id' applies to a global 'const' scalar; 'NotConst' is not const}}
[[vk::constant_id(3)]] const float2 Vector = 1;      // expected-error {{a specialization constant is a bool, integer or floating-point scalar, not 'float2'}}
[[vk::constant_id(-1)]] const int Negative = 1;      // expected-error {{the id of a specialization constant is an integer from 0 to 4294967295, not -1}}
[[vk::constant_id(4, 5)]] const int TwoArgs = 1;     // expected-error {{'vk::constant_id' takes one argument, the constant's id, not 2}}
RWStructuredBuffer<int> Out : register(u0);
[[vk::constant_id(6)]] const int NotConstant = Out[0]; // expected-error {{the default value of the specialization constant 'NotConstant' must be a constant}}

[numthreads(1, 1, 1)]
void main() {
  int sized[Good];                                   // expected-error {{'Good' is a specialization constant, set when the pipeline is created: it is not a constant expression}}
  Out[0] = Good + (Flag ? 1 : 0) + (int)SameId;
}
