// C++ forms real HLSL 2021 code uses (found compiling D3D12_Research,
// Adria and compressonator): a class template whose base names its own
// parameter (`struct Derived : Base<T>`); `using Base<float>::Get;` in a
// struct, which makes the base's overloads visible beside the struct's own;
// `using N::f;` at namespace scope; a function template declared first
// (with a default template argument) and defined later, one template; and
// an assignment through a swizzle of a swizzle (`v.rgb.x = ...`).
// RUN: %hlslc run %s --pipeline %S/templates-bases-and-redeclarations.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify %s

template<typename T> struct Base {
  T Value;
  T Get() { return Value; }
  T Get(T add) { return Value + add; }
};
template<typename T> struct Derived : Base<T> {
  T Twice() { return Value * 2; }
};
struct Counter : Base<float> {
  using Base<float>::Get;
  float Get(int times) { return Value * times; }
};

namespace Maths { float Cube(float x) { return x * x * x; } struct Pair { float a, b; }; }
using Maths::Cube;
using Maths::Pair;

template<bool Negate = true> float Scale(float x);
float UseDefault(float x) { return Scale(x); }
float UseExplicit(float x) { return Scale<false>(x); }
template<bool Negate> float Scale(float x) { return Negate ? -x : x; } // expected-note {{previous definition is here}}

#ifdef BAD
template<bool Negate> float Scale(float x) { return x; } // expected-error {{redefinition of 'Scale'}}
#endif

[[vk::binding(0)]] RWStructuredBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Derived<float> d;
  d.Value = 1.5;
  Counter c;
  c.Value = 2;
  Pair p = { 1, 2 };
  Out[0] = float4(d.Twice(), d.Get(), c.Get(3), c.Get(0.5f));    // 3, 1.5, 6, 2.5
  Out[1] = float4(Cube(p.b), UseDefault(4), UseExplicit(4), 0);  // 8, -4, 4, 0
  int4 v = int4(1, 2, 3, 4);
  v.rgb.x = -v.rgb.x;
  v.wzyx.yz = int2(30, 20);
  v.xy.yx.x = 9;
  Out[2] = v;                                                     // -1, 9, 30, 4
}
