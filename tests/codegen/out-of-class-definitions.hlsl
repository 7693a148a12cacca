// Members defined outside their class: a static data member's definition
// with its initialiser (`uint S::s = 20;`, a global named 'S::s'), member
// functions defined as `uint S::get() {...}` (their bodies see the members),
// a static member function, a namespace function defined as
// `uint N::f(...)`, and a static member read through an object (`b.s`).
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s

struct S {
  uint a;
  static uint s;
  uint c;
  uint get();
  static uint twice(uint x);
};

uint S::s = 20;
uint S::get() { return a + c; }
uint S::twice(uint x) { return 2 * x; }

namespace N {
  uint f(uint x);
}
uint N::f(uint x) { return x + 7; }

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  S b;
  b.a = i;
  b.c = 3;
  // CHECK: [[S:%"\.[0-9]+"]] = load i32, i32* @"S::s"
  // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"Out[.0-9]*"}}, i32 0, i32 0, i32 [[S]],
  Out[0] = b.s;
  // The member function adds the object's a and c.
  // CHECK: add i32
  // CHECK: mul i32 2,
  // CHECK: add i32 {{%"\.[0-9]+"}}, 7
  Out[1] = b.get() + S::twice(i) + N::f(i);
  S::s += 1;
}
// CHECK: @"S::s" = internal global i32 20
