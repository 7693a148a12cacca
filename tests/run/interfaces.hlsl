// HLSL interfaces (FXC's dynamic-linkage era, which DXC keeps statically):
// an interface declares methods, classes implement them, and calls go to
// the class's own methods.  A class takes any number of interfaces and at
// most one concrete base; an interface inherits nothing and is never a
// variable's type.
// RUN: %hlslc run %s --pipeline %S/interfaces.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify %s

interface ILight { float3 shade(float3 n); };
interface IScaled { float scale(); };
struct Base { float bias; };
class Lambert : Base, ILight, IScaled {
  float3 dir;
  float k;
  float3 shade(float3 n) { return max(dot(n, dir), 0) * scale() + bias; }
  float scale() { return k; }
};

#ifdef BAD
interface IDerived : ILight { };            // expected-error {{interfaces cannot inherit from other types}}
struct Other { float x; };
class Both : Base, Other { };               // expected-error {{multiple concrete base types specified}}
void use(ILight light) { }                  // expected-error {{interface type cannot be statically allocated}}
#endif

[[vk::binding(0)]] RWStructuredBuffer<float3> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Lambert l;
  l.dir = float3(0, 0, 1);
  l.k = 2;
  l.bias = 0.5;
  Out[0] = l.shade(float3(0, 0, 1));      // 2.5
  Out[1] = l.shade(float3(0, 0, -1));     // 0.5
}
