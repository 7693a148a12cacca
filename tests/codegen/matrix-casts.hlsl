// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// HLSL's matrix casts: truncation keeps the upper-left block, and the
// element-wise casts (vector, array or struct to matrix and back) take the
// scalars in row order, converting each.

RWStructuredBuffer<int> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  int4x4 A = int4x4(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  // Rows 0 and 1, their first two components.
  // CHECK: [[R0:%"\.[0-9]+"]] = extractvalue [4 x <4 x i32>] [[A:%"\.[0-9]+"]], 0
  // CHECK-NEXT: shufflevector <4 x i32> [[R0]], <4 x i32> {{.*}}, <2 x i32> <i32 0, i32 1>
  // CHECK: [[R1:%"\.[0-9]+"]] = extractvalue [4 x <4 x i32>] [[A]], 1
  // CHECK-NEXT: shufflevector <4 x i32> [[R1]], <4 x i32> {{.*}}, <2 x i32> <i32 0, i32 1>
  int2x2 B = (int2x2)A;
  float4 V = float4(1.5, 2.5, 3.5, 4.5);
  // float4 -> float2x2: row 0 is V.xy, row 1 V.zw.
  // CHECK: [[V0:%"\.[0-9]+"]] = extractelement <4 x float> {{%"\.[0-9]+"}}, i32 0
  // CHECK: insertelement <2 x float> {{.*}}, float [[V0]], i32 0
  float2x2 M = (float2x2)V;
  float Arr[2][3] = {1, 2, 3, 4, 5, 6};
  // An array to a matrix: each scalar converted (float to int).
  // CHECK: fptosi float {{%"\.[0-9]+"}} to i32
  int2x3 C = (int2x3)Arr;
  Out[0] = B[1][1] + (int)M[1][0] + C[1][2];
}
