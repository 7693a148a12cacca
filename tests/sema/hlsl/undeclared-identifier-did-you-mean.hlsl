// An undeclared name close to a declared one gets a "did you mean" note.
// FileCheck rather than -verify: the note has no source location, which
// -verify cannot match. The note patterns accept an optional location.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

float helper(float x) { return x * 2; }

float f() {
  float value = 1;
  float r = valeu + 1;
  // CHECK: undeclared-identifier-did-you-mean.hlsl:[[@LINE-1]]:13: error: use of undeclared identifier 'valeu'
  // CHECK-NEXT: float r = valeu + 1;
  // CHECK-NEXT: {{ *}}^~~~~
  // CHECK-NEXT: {{(.*: )?}}note: did you mean 'value'?
  return helpr(r);
  // CHECK: undeclared-identifier-did-you-mean.hlsl:[[@LINE-1]]:10: error: use of undeclared identifier 'helpr'
  // CHECK: note: did you mean 'helper'?
}

float g() {
  return completely_unrelated;
  // CHECK: undeclared-identifier-did-you-mean.hlsl:[[@LINE-1]]:10: error: use of undeclared identifier 'completely_unrelated'
  // CHECK-NOT: note:
}
// CHECK: 3 errors generated.
