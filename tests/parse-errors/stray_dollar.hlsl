// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}stray_dollar.hlsl:6:21: error: unexpected character '$'
// A character that starts no token.

float Price(float x) {
    return x * 2.0f $;
}
