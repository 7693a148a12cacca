// HLSL matrices (arrays of rows in the IR) in arithmetic and comparisons:
// each is lowered row by row, never as an operation on the array (which is
// not LLVM IR; the validator's IR-OPERAND-TYPE rejects it).
// RUN: %hlslc -T cs_6_6 %s | FileCheck %s
// CHECK-NOT: {{(mul|add|fmul|fadd|icmp|fcmp|sub) \[}}
// CHECK: mul <2 x i32>
// CHECK: fmul <2 x float>
// CHECK: fcmp olt <2 x float>

RWStructuredBuffer<int3x2> Buf : register(u0);
RWStructuredBuffer<float2x2> F : register(u1);
RWStructuredBuffer<bool2x2> B : register(u2);

[numthreads(1, 1, 1)]
void main() {
  int3x2 m = Buf[0];
  Buf[1] = m * 2;
  Buf[2] = m + m - 1;
  float2x2 f = F[0];
  F[1] = f * 2.0 + f / f;
  B[0] = f < F[1];
}
