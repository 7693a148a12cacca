// RUN: %hlslc -fsyntax-only -DN=4 %s
// RUN: %hlslc -P -DN=4 %s | FileCheck %s
// RUN: not %hlslc -DBROKEN %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %hlslc -verify=broken -DBROKEN %s

int value = N;
// CHECK: int value = 4;

#ifdef BROKEN
#error broken on purpose // broken-error {{broken on purpose}}
// ERR: [[@LINE-1]]:{{[0-9]+}}: error: broken on purpose
#endif

// This file is the example test in README.md ("Adding a test is adding a
// file"): keep the two the same.

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
