// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing_expression.hlsl:7:15: error: expected expression
// CHECK: {{.*}}missing_expression.hlsl:8:31: error: expected expression
// An initialiser with no expression, and an empty argument between commas.

float4 Make() {
    float w = ;
    return float4(1.0f, 2.0f, , w);
}
