// `[unroll(N)]` where N names a constant of the loop's own scope (a local
// `const` or `static const`, as DXC looks the name up where the loop is),
// a global one or an expression of them.  One that is no constant is
// ignored with DXC's warning, and the loop is unrolled as `[unroll]` asks.
// RUN: %hlslc -T cs_6_0 %s -o - 2>&1 | FileCheck %s
// RUN: %hlslc -T cs_6_0 -fsyntax-only -verify %s

RWStructuredBuffer<float> Out : register(u0);
cbuffer Params : register(b0) { uint Count; };
static const uint Twice = 2;

[numthreads(1, 1, 1)]
void main() {
  const int n = 2;
  static const uint s = 3;
  float t = 0;
  [unroll(n)] for (int k = 0; k < 4; k++) t += Out[k];
  [unroll(s + 1)] for (int m = 0; m < 8; m++) t += Out[m];
  int w = 0;
  [unroll(Twice * n)] while (w < 8) { t += Out[w]; w++; }
  [unroll(Count)] for (int j = 0; j < 3; j++) t += Out[j]; // expected-warning {{attribute 'unroll' must have a uint literal argument}}
  Out[0] = t;
}
// CHECK: warning: attribute 'unroll' must have a uint literal argument
// CHECK-DAG: !{ !"llvm.loop.unroll.count", i32 2 }
// CHECK-DAG: !{ !"llvm.loop.unroll.count", i32 4 }
// CHECK-DAG: !{ !"llvm.loop.unroll.full" }
