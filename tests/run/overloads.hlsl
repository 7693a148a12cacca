// Function overloading as DXC resolves it: by parameter types and by array
// size (BC6H's `sign_extend(Mode, inout int2x3 e[2])` beside
// `(Mode, inout int3 e)`), C++'s rule first (an exact match beats a
// conversion) and, where it finds no best, DXC's score: a scalar
// splatted to a vector costs less than a vector truncated to a scalar, so
// `sh(uint2, uint)` calls the uint2 overload (FSR2's ffxBitShiftRightHalf,
// NRD's LinearStep).
// RUN: %hlslc run %s --pipeline %S/overloads.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -fsyntax-only -verify -DBAD %s

enum Mode { A, B };
RWStructuredBuffer<int> Out : register(u0);

void f(Mode m, inout int2x3 e[2]) { e[1]._m12 = 7 + m; }
void f(Mode m, inout int3 e) { e.z = 5 + m; }
void g(inout int a[1]) { a[0] = 1; }
void g(inout int a[2]) { a[1] = 2; }
uint sh(uint a, uint b) { return a >> b; }
uint2 sh(uint2 a, uint2 b) { return a >> (b + 1); }
float ls(float a, float b, float x) { return 10; }
float2 ls(float2 a, float2 b, float2 x) { return 20; }
int h(float x) { return 1; }
int h(double x) { return 2; }
int k(int x) { return 3; }
int k(uint x) { return 4; }

#ifdef BAD
int amb(int x, float y) { return 0; }   // expected-note {{candidate function}}
int amb(float x, int y) { return 1; }   // expected-note {{candidate function}}
void bad() {
  amb(1u, 1u);   // expected-error {{call to 'amb' is ambiguous}}
}
#endif

[numthreads(1, 1, 1)]
void main() {
  int2x3 e[2] = (int2x3[2])0;
  int3 v = 0;
  f(B, e);
  f(A, v);
  int x[1] = { 0 };
  int y[2] = { 0, 0 };
  g(x);
  g(y);
  uint2 q = uint2(Out[0], Out[1]);   // 64, 64
  Out[0] = e[1]._m12;                // 8
  Out[1] = v.z;                      // 5
  Out[2] = x[0] + y[1];              // 3
  Out[3] = sh(q, 1u).y;              // 64 >> 2 = 16
  Out[4] = ls(0.0, 1.0, float2(q)).x;  // 20
  Out[5] = h(1.0f) * 10 + h(1.0l);   // 12
  Out[6] = k(1) * 10 + k(1u);        // 34
}
