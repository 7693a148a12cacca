// Overloads that differ only in their parameters' directions are distinct
// functions, as in DXC (`f(uint)`, `f(inout uint)`, `f(out uint)`): a call
// that fits them all takes the by-value one, the one passing the most
// parameters in.  Two that are as good are ambiguous.
// RUN: %hlslc run %s --pipeline %S/overload-by-direction.yaml | FileCheck %s
// CHECK: Values: pass
// RUN: %hlslc -T cs_6_6 -DAMBIGUOUS -fsyntax-only -verify %s

RWStructuredBuffer<uint> Out : register(u0);

void Put(uint u) { Out[0] += u; }
void Put(inout uint u) { u += 10; }
void Put(out uint u) { u = 7; }

#ifdef AMBIGUOUS
uint Pick(uint a, out uint b) { b = a; return 1; } // expected-note {{candidate function}}
uint Pick(out uint a, uint b) { a = b; return 2; } // expected-note {{candidate function}}
#endif

[numthreads(1, 1, 1)]
void main() {
  uint x = 5;
  Put(x);             // by value: Out[0] += 5
  uint2 v = uint2(1, 2);
  Put(v.y);           // Out[0] += 2
  Put(3);             // Out[0] += 3
  Out[1] = x;         // unchanged: 5
#ifdef AMBIGUOUS
  uint p, q;
  Out[2] = Pick(p, q); // expected-error {{call to 'Pick' is ambiguous}}
#endif
}
