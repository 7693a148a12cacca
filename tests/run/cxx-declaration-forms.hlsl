// C++ forms that real shaders carry over and DXC accepts: an elaborated
// type specifier (`struct P p`, `void f(struct P p)`, a prototype taking
// `struct DispatchParameters`, `enum Mode m`), a block variable named like
// one of HLSL's shorthand types (`float int1 = ...` in a BRDF integrator:
// `int1` is no keyword, DXC looks it up only when no declaration has the
// name), and `(void)x`, C's "unused" idiom, evaluated for its side effects.
// RUN: %hlslc run %s --pipeline %S/cxx-declaration-forms.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv

struct Params { int base; int scale; };
enum Mode { Add, Mul };
RWStructuredBuffer<int> Out : register(u0);

int Apply(struct Params p, enum Mode m, int v);
struct Params Make(int b, int s) { struct Params p; p.base = b; p.scale = s; return p; }

#define UNUSED(x) (void)(x);

int Apply(struct Params p, enum Mode m, int v) {
  UNUSED(m)
  return m == Add ? p.base + v : p.base * v * p.scale;
}

float Integrate(float n) {
  float int0 = n * 2;           // shorthand type names as variables
  float int1 = n * 3;
  float3 float2x2 = float3(1, 2, 3);
  return int1 - int0 + float2x2.z;
}

[numthreads(1, 1, 1)]
void main() {
  struct Params p = Make(10, 3);
  int counter = 0;
  (void)(counter += 5);         // discarded, but its side effect happens
  (void)Integrate(1.0);
  Out[0] = Apply(p, Add, 7);              // 17
  Out[1] = Apply(p, Mul, 2);              // 60
  Out[2] = (int)Integrate(4.0);           // 12 - 8 + 3 = 7
  Out[3] = counter;                       // 5
}
