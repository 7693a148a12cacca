// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}unterminated_if.hlsl:7:2: error: unterminated conditional directive
// An #if with no #endif: reported at the directive's name.

#define FAST 1

#if FAST
float Speed() { return 2.0f; }
#else
float Speed() { return 1.0f; }
