// A vector and a matrix of as many components convert to each other
// implicitly, row by row (DXC's element-preserving conversions): in an
// initialization, a return and an argument.  In a binary operator the side
// with more components (the left one on a tie) takes the other, as DXC's
// CombineDimensions decides: `f4 + m2x2` is a float4, `m2x2 * f4` a
// float2x2, `f2 + m4x1` a float2 (truncating, with the warning).
// RUN: %hlslc run %s --pipeline %S/vector-matrix-conversions.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify %s

[[vk::binding(0)]] RWStructuredBuffer<float> Out : register(u0);

void take(float2x2 m, out float r) { r = m[1][0]; }
float4 give(float2x2 m) { return m; }

[numthreads(1, 1, 1)]
void main() {
  float4 f4 = float4(1, 2, 3, 4);
  float2 f2 = float2(10, 20);
  float2x2 m2x2 = float2x2(5, 6, 7, 8);
  float2x1 m2x1 = float2x1(100, 200);
  float4x1 m4x1 = float4x1(1, 1, 1, 1);
  float2x2 c = f4;
  float r;
  take(f4, r);
  Out[0] = c[0][1];                 // 2
  Out[1] = r;                       // 3
  Out[2] = give(m2x2).z;            // 7
  float4 a = f4 + m2x2;
  Out[3] = a.w;                     // 12
  float2x2 b = m2x2 * f4;
  Out[4] = b[1][0];                 // 21
  Out[5] = (f2 + m2x1).y;           // 220
  Out[6] = (f2 + m4x1).x;           // 11 expected-warning {{implicit truncation of vector type}}
#ifdef BAD
  float2 e = f2 + m2x2;             // expected-error {{invalid operands to binary expression ('float2' and 'float2x2')}}
  float3x3 g = f4;                  // expected-error {{cannot initialize a variable of type 'float3x3' with a value of type 'float4'}}
#endif
}
