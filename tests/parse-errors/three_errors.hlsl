// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}three_errors.hlsl:10:15: error: expected ';' after declaration
// CHECK: {{.*}}three_errors.hlsl:16:20: error: expected expression
// CHECK: {{.*}}three_errors.hlsl:21:24: error: expected ')'
// CHECK: {{.*}}three_errors.hlsl:21:17: note: to match this '('
// Three independent syntax errors in three functions: the parser recovers
// after each (at the next ';' or '}') and reports all three.

uint First() {
    uint a = 1
    a += 2;
    return a;
}

float Second(float x) {
    float b = (x + );
    return b;
}

uint Third() {
    uint c = max(1u, 2u;
    return c;
}

// Still parsed after the errors.
uint Fourth() { return First() + Third(); }
