// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing_semicolon_decl.hlsl:6:15: error: expected ';' after declaration
// A missing ';' at the end of a local declaration.

uint Count() {
    uint n = 4
    return n;
}
