// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}eof_missing_brace.hlsl:12:15: error: expected '}' at end of input
// CHECK: {{.*}}eof_missing_brace.hlsl:8:27: note: to match this '{'
// A function body left open at the end of the file: reported where the '}'
// is missing (just after the last token of the input), with a note at the
// '{' it should close.

float Unfinished(float x) {
    if (x > 0.0f) {
        return x;
    }
    return -x;
