// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// A function-like macro invoked with more arguments than parameters:
// reported at the first extra argument.
// CHECK: {{.*}}macro_too_many_args.hlsl:9:22: error: too many arguments provided to function-like macro invocation

#define SQUARE(x) ((x) * (x))

float Use(float y) {
    return SQUARE(y, y);
}
