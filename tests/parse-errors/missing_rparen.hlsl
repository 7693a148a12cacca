// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing_rparen.hlsl:7:15: error: expected ')'
// CHECK: {{.*}}missing_rparen.hlsl:7:8: note: to match this '('
// An unclosed '(' in an if condition: the '{' cannot continue the condition.

int Sign(int a) {
    if (a > 0 {
        return 1;
    }
    return 0;
}
