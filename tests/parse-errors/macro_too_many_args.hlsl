// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}macro_too_many_args.hlsl:10:12: error: too many arguments provided to function-like macro invocation
// CHECK: {{.*}}macro_too_many_args.hlsl:7:9: note: macro 'SQUARE' defined here
// A function-like macro invoked with more arguments than parameters:
// reported at the first extra argument.

#define SQUARE(x) ((x) * (x))

float Use(float y) {
    return SQUARE(y, y);
}
