// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}else_without_if.hlsl:7:5: error: 'else' without a matching 'if'
// An else with no if before it.

int Pick(int a) {
    a += 1;
    else
        a -= 1;
    return a;
}
