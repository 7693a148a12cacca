// An array declared without its size takes it from the scalars of its brace
// initializer, which HLSL flattens: `float a[] = { 1, 2, f4 }` holds six
// floats, `float2 b[][3] = { 12 scalars }` two float2[3], as in DXC (which
// counted items gave "too many initializers for 'float[3]'").  A typedef of
// an unsized array is sized the same way by each variable's initializer.
// RUN: %hlslc run %s --pipeline %S/unsized-array-flat-initializer.yaml | FileCheck %s
// CHECK: Values: pass
// RUN: %hlslc -T cs_6_0 %s -o - | FileCheck %s --check-prefix=IR
// IR-DAG: alloca [6 x float]
// IR-DAG: alloca [2 x [3 x <2 x float>]]
// IR-DAG: alloca [3 x i32]
// IR-DAG: @"Table" = internal constant [5 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5]

RWStructuredBuffer<float> Out : register(u0);
static const float4 F4 = float4(3, 4, 5, 6);
typedef const int Unsized[];
static Unsized Table = { 1, 2, int3(3, 4, 5) };

[numthreads(1, 1, 1)]
void main(uint i : SV_GroupIndex) {
  float a[] = { 1, 2, F4 };
  float2 b[][3] = { 1, 2, F4, float2x3(7, 8, 9, 10, 11, 12) };
  uint c[] = { 1u, uint2(2, 3) };
  Out[0] = sizeof(a) / sizeof(a[0]);
  Out[1] = sizeof(b) / sizeof(b[0]);
  Out[2] = sizeof(c) / sizeof(c[0]);
  Out[3] = a[i + 5];
  Out[4] = b[i + 1][2].y;
  Out[5] = b[i][2].x;
  Out[6] = c[i + 2];
  Out[7] = Table[i + 4] + sizeof(Table) / sizeof(int);
}
