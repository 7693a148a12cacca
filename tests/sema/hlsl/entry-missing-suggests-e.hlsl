// With no 'main', a function that has [numthreads] is suggested with -E.
// FileCheck rather than -verify: the suggestion is a note without a location.
// RUN: not %hlslc -T cs_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

[numthreads(64, 1, 1)]
void cs_main() {}

// CHECK: entry-missing-suggests-e.hlsl: error: missing entry point definition 'main'
// CHECK-NEXT: {{(.*: )?}}note: 'cs_main' has [numthreads]: select it with -E cs_main
// CHECK-NEXT: 1 error generated.
