// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// A function-like macro invoked with fewer arguments than parameters:
// reported at the invocation's ')'.
// CHECK: {{.*}}macro_too_few_args.hlsl:9:24: error: too few arguments provided to function-like macro invocation

#define MADD(a, b, c) ((a) * (b) + (c))

float Use(float x) {
    return MADD(x, 2.0f);
}
