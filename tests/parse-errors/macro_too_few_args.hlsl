// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}macro_too_few_args.hlsl:10:12: error: too few arguments provided to function-like macro invocation
// CHECK: {{.*}}macro_too_few_args.hlsl:7:9: note: macro 'MADD' defined here
// A function-like macro invoked with fewer arguments than parameters:
// reported at the invocation's ')'.

#define MADD(a, b, c) ((a) * (b) + (c))

float Use(float x) {
    return MADD(x, 2.0f);
}
