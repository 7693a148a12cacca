// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}missing_include.hlsl:5:10: error: 'nope.h' file not found
// An #include that names no file: reported at the header name, and fatal.

#include "nope.h"

float Unreached() { return 0.0f; }
