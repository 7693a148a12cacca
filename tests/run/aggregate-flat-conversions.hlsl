// A struct and an array (or two structs) holding the same elements, of the
// same types and in the same order, convert implicitly before HLSL 2021, as
// DXC (and FXC before it) allowed: as arguments, in initializers and in
// assignments, element by element.  Arrays of vectors and flat arrays too,
// in every language version.  HLSL 2021's strict rule refuses a struct on
// either side, except into an anonymous struct, which no cast can name.
// RUN: %hlslc run %s -HV 2018 --pipeline %S/aggregate-flat-conversions.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_6 -HV 2021 -DSTRICT -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_6 -HV 2018 -DSTRICT -DMISMATCH -fsyntax-only -verify=mismatch %s

struct Pair { int a, b; };
struct Named { int x, y; };
struct Mixed { int2 head; float tail; };
typedef int Two[2];

RWStructuredBuffer<int> Out : register(u0);

int FromArray(Two t) { return t[0] * 10 + t[1]; }
int FromPair(Pair p) { return p.a * 10 + p.b; }

#ifndef STRICT
[numthreads(1, 1, 1)]
void main() {
  Pair p = { 1, 2 };
  Two t = { 3, 4 };
  Out[0] = FromArray(p);               // struct to array
  Out[1] = FromPair(t);                // array to struct
  Named n = p;                         // struct to another struct
  Out[2] = n.y;
  Two u;
  u = n;                               // assignment
  Out[3] = u[0];
  struct { int a, b; } anon = p;       // into an anonymous struct
  Out[4] = anon.a + anon.b;
  int2 rows[2] = { int2(5, 6), int2(7, 8) };
  int flat[4] = rows;                  // array of vectors to a flat array
  Out[5] = flat[3];
  Mixed m = { int2(9, 10), 2.5 };
  struct { int a; int b; float c; } same = m;
  Out[6] = same.b + (int)(same.c * 2);
}
#else
[numthreads(1, 1, 1)]
void main() {
  Pair p = { 1, 2 };
  Two t = { 3, 4 };
#ifndef MISMATCH
  Out[0] = FromArray(p); // expected-error {{no matching function for call to 'FromArray'}}
  // expected-note@19 {{candidate function not viable: no known conversion from 'Pair' to 'int[2]' for argument 1}}
  Out[1] = FromPair(t); // expected-error {{no matching function for call to 'FromPair'}}
  // expected-note@20 {{candidate function not viable: no known conversion from 'int[2]' to 'Pair' for argument 1}}
  Named n = p; // expected-error {{cannot initialize a variable of type 'Named' with a value of type 'Pair'}}
  struct { int a, b; } anon = p;
  Out[2] = anon.a + FromArray((Two)p) + FromPair((Pair)t);
  int2 rows[2] = { int2(5, 6), int2(7, 8) };
  int flat[4] = rows;
  Out[3] = flat[0];
#else
  int three[3] = t; // mismatch-error {{cannot initialize a variable of type 'int[3]' with a value of type 'int[2]'}}
  float2 f = { 1, 2 };
  float floats[2] = t; // mismatch-error {{cannot initialize a variable of type 'float[2]' with a value of type 'int[2]'}}
  struct { int a, b, c; } longer = p; // mismatch-error {{cannot initialize a variable of type '(anonymous struct at}}
  Out[0] = three[0] + floats[0] + longer.a;
#endif
}
#endif
