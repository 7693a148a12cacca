// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing_include_angled.hlsl:5:10: error: 'dx/nope.h' file not found
// A system #include that names no file, reported at the '<'.

#include <dx/nope.h>

float Unreached() { return 0.0f; }
