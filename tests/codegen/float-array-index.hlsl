// An array, vector or matrix indexed by a float: the index converts to uint
// as DXC converts it (DXC's HLSLFileCheck types/conversions/functions_Mod:
// `arr2[arr2[0]]`).
// RUN: %hlslc %s | FileCheck %s
// CHECK: fptoui float %{{.*}} to i32
// CHECK: fptoui float %{{.*}} to i32
// CHECK: fptoui float 0x3ffb333340000000 to i32

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float arr2[4] = { 1, 2, 3, 0 };
  float4 v = float4(5, 6, 7, 8);
  float x = Out[0];
  Out[1] = arr2[arr2[0]] + v[x] + arr2[1.7];
}
