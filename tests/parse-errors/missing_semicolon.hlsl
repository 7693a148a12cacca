// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing_semicolon.hlsl:7:14: error: expected ';' after expression
// A missing ';' after an expression statement is reported just after the
// expression, not at the next line's first token.

float Scale(float x) {
    x *= 2.0f
    return x;
}
