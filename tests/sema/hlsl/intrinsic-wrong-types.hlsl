// Intrinsics called with argument types no overload takes. FileCheck rather
// than -verify: an intrinsic's candidate notes have no source location.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

struct Sample { float value; };

void f(Sample s, float2 v2) {
  dot(s, s);
  // CHECK: intrinsic-wrong-types.hlsl:[[@LINE-1]]:3: error: no matching function for call to 'dot'
  // CHECK: note: candidate function not viable: no known conversion from 'Sample' to a numeric type for 1st argument
  cross(v2, v2);
  // CHECK: intrinsic-wrong-types.hlsl:[[@LINE-1]]:3: error: no matching function for call to 'cross'
  // CHECK: note: candidate function not viable: no known conversion from 'float2' to 'float3' for 1st argument
}
// CHECK: 2 errors generated.
