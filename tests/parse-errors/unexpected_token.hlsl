// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unexpected_token.hlsl:7:1: error: expected a declaration before ')'
// A token that cannot start or continue a declaration.

float Good() { return 1.0f; }

) float Bad() { return 2.0f; }
