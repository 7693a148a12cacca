// -verify reports expected diagnostics that did not come and diagnostics
// that were not expected, clang-style, and exits 1.
// RUN: not %hlslc -verify %s 2>&1 | FileCheck %s
// RUN: not %hlslc -verify %s 2>&1 | FileCheck %s --check-prefix=LAYOUT
// RUN: not %hlslc -verify=other %s 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not %hlslc -verify=1bad %s 2>&1 | FileCheck %s --check-prefix=BAD-PREFIX

#define X 1
#define X 2
// CHECK-DAG: {{^}}  {{.*}}verify-fail.hlsl:[[@LINE-1]]: {{.*}}redefined
// CHECK-DAG: {{^}}  {{.*}}verify-fail.hlsl:[[@LINE-3]]: previous definition

// expected-error@+1 {{never reported}}
static const int unused = 0;
// CHECK-DAG: {{^}}  {{.*}}verify-fail.hlsl:[[@LINE-1]]: never reported (directive at {{.*}}verify-fail.hlsl:[[@LINE-2]])

#error reported but not expected
// CHECK-DAG: {{^}}  {{.*}}verify-fail.hlsl:[[@LINE-1]]: {{.*}}reported but not expected

// LAYOUT: {{^}}error: 'expected-error' diagnostics expected but not seen:
// LAYOUT-NEXT: {{^}}  {{.*}}: never reported
// LAYOUT-NEXT: {{^}}error: 'expected-error' diagnostics seen but not expected:
// LAYOUT-NEXT: {{^}}  {{.*}}: {{.*}}reported but not expected
// LAYOUT-NEXT: {{^}}error: 'expected-warning' diagnostics seen but not expected:
// LAYOUT-NEXT: {{^}}  {{.*}}: {{.*}}redefined
// LAYOUT-NEXT: {{^}}error: 'expected-note' diagnostics seen but not expected:
// LAYOUT-NEXT: {{^}}  {{.*}}: previous definition
// LAYOUT-NEXT: {{^}}4 errors generated.
// LAYOUT-NOT: {{.}}

// OTHER: {{^}}error: no 'other-' directives found: add '// other-no-diagnostics' if the file should compile cleanly
// OTHER: {{^}}error: 'other-error' diagnostics seen but not expected:

// BAD-PREFIX: hlslc: error: invalid -verify prefix '1bad'

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
