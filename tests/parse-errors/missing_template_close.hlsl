// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// A template argument list that is never closed: reported just after its
// last argument.
// CHECK: {{.*}}missing_template_close.hlsl:11:14: error: expected '>'

template <typename T> struct Box {
    T item;
};

float Get() {
    Box<float b;
    return b.item;
}
