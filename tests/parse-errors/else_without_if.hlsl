// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// An else with no if before it.
// CHECK: {{.*}}else_without_if.hlsl:7:5: error: expected expression

int Pick(int a) {
    a += 1;
    else
        a -= 1;
    return a;
}
