// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}extra_closing_brace.hlsl:8:1: error: extraneous closing brace ('}')
// A '}' with nothing to close at file scope.

float Value() {
    return 1.0f;
}
}

float Other() { return 2.0f; }
