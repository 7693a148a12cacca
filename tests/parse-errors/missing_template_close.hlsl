// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing_template_close.hlsl:12:15: error: expected '>'
// CHECK: {{.*}}missing_template_close.hlsl:12:8: note: to match this '<'
// A template argument list that is never closed: reported just after its
// last argument.

template <typename T> struct Box {
    T item;
};

float Get() {
    Box<float b;
    return b.item;
}
