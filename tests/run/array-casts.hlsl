// Casts to array types, as DXC allows them: a scalar splatted over every
// element (`(float4[6])0`, structs and vectors inside), a vector, matrix or
// array read element by element (`(uint[4])uint4(...)`, `(int[8])packed`),
// in function bodies and in static initialisers; `sizeof` of an array type.
// RUN: %hlslc run %s --pipeline %S/array-casts.yaml | FileCheck %s
// CHECK: Floats: pass
// CHECK-NEXT: Ints: pass
// RUN: %hlslc --ast-dump %s | FileCheck %s --check-prefix=AST
// AST: CastExpr
// AST-NEXT: ArrayTypeRef
// RUN: not %hlslc -fsyntax-only -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD

struct S { float a; uint2 b; };
RWStructuredBuffer<float4> Out : register(u0);
RWStructuredBuffer<uint> Ints : register(u1);
cbuffer Packed : register(b0) { int4 packed[2]; };

static const uint Val[4] = (uint[4])uint4(4, 5, 6, 7);
static int arr1[10] = (int[10])3;

[numthreads(1, 1, 1)]
void main() {
  float4 planes[6] = (float4[6])0;
  uint3 q[4] = (uint3[4])0;
  S s[2] = (S[2])0;
  planes[2] = 1.5;
  q[3] = 7;
  s[1].b.y = 9;
  float f[4] = (float[4])float2x2(1, 2, 3, 4);
  int two[2] = (int[2])42;
  int flat[8] = (int[8])packed;
  Out[0] = planes[2] + planes[1];
  Out[1] = float4(f[0], f[1], f[2], f[3]);
  Ints[0] = q[3].y + s[1].b.y + s[0].b.x + Val[2] + arr1[9] + two[1] + sizeof(int3[2]) + sizeof(S[3]);
  Ints[1] = flat[5];
#ifdef BAD
  // BAD: :[[@LINE+1]]:17: error: an array type here needs its size
  float g[2] = (float[])0;
  // BAD: :[[@LINE+1]]:17: error: cannot convert from 'float3' to 'float4[2]'
  float4 h[2] = (float4[2])float3(1, 2, 3);
#endif
}
