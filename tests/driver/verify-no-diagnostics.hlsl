// expected-no-diagnostics: -verify passes on a clean file and fails when a
// diagnostic appears; a file with no directive at all is a -verify error.
// RUN: %hlslc -verify %s
// RUN: not %hlslc -verify -DBREAK %s 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: not %hlslc -verify %S/Inputs/second-input.hlsl 2>&1 | FileCheck %s --check-prefix=NONE

// expected-no-diagnostics

#ifdef BREAK
#error broken
#endif

// BROKEN: error: 'expected-error' diagnostics seen but not expected:
// BROKEN-NEXT: verify-no-diagnostics.hlsl:[[@LINE-4]]: {{.*}}broken
// NONE: error: no 'expected-' directives found

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
