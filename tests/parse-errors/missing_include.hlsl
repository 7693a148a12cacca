// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// An #include that names no file: reported at the header name, and fatal.
// CHECK: {{.*}}missing_include.hlsl:5:10: {{(fatal )?}}error: 'nope.h' file not found

#include "nope.h"

float Unreached() { return 0.0f; }
