// A cast between structs that are not base and derived goes scalar by
// scalar, as HLSL's other aggregate casts do: `(B)a` of `A { uint4 v; }`
// and `B { uint2 p; uint2 q; }` (a NVIDIA sample's shape; it was an
// internal compiler error), and a derived struct as its base still takes
// the leading members.
// RUN: %hlslc run %s --pipeline %S/struct-cast-elementwise.yaml | FileCheck %s
// CHECK: Values: pass

struct A { uint4 v; };
struct B { uint2 p; uint2 q; };
struct C { uint x; float3 rest; };
struct Base { uint first; };
struct Derived : Base { uint second; };

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  A a = { uint4(1, 2, 3, 4) + i };
  B b = (B)a;
  C c = (C)b;
  Derived d = { 7 + i, 8 };
  Base base = (Base)d;
  Out[0] = b.p.x;
  Out[1] = b.q.y;
  Out[2] = c.x;
  Out[3] = (uint)c.rest.z;
  Out[4] = base.first;
}
