// Errors give exit status 1 and clang's summary line; every error is
// reported, not just the first.
// RUN: not %hlslc -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: not %hlslc %s 2>&1 | FileCheck %s
// RUN: not %hlslc -P %s 2>&1 | FileCheck %s --check-prefix=NO-OUTPUT

#error first problem
// CHECK: errors.hlsl:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}}first problem
#error second problem
// CHECK: errors.hlsl:[[@LINE-1]]:{{[0-9]+}}: error: {{.*}}second problem

// CHECK: {{^}}2 errors generated.

// A failed compile writes no output.
// NO-OUTPUT: 2 errors generated.
// NO-OUTPUT-NOT: {{.}}

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
