// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// Three independent syntax errors in three functions: the parser recovers
// after each (at the next ';' or '}') and reports all three.
// CHECK: {{.*}}three_errors.hlsl:9:15: error: expected ';' at end of declaration
// CHECK: {{.*}}three_errors.hlsl:15:20: error: expected expression
// CHECK: {{.*}}three_errors.hlsl:20:24: error: expected ')'

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
