// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// An unclosed '(' in an if condition: the '{' cannot continue the condition.
// CHECK: {{.*}}missing_rparen.hlsl:6:15: error: expected ')'

int Sign(int a) {
    if (a > 0 {
        return 1;
    }
    return 0;
}
