// LINALG-SHADER-MODEL: dx::linalg needs SM 6.10. Before it, each distinct
// matrix type is an error (not each use), and so is AccumulatorLayout(),
// which involves no matrix type. The note names the profile to use.
// RUN: not %hlslc -T lib_6_8 -fsyntax-only %s 2>&1 | FileCheck %s
// RUN: not %hlslc -T cs_6_9 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=CS69
// RUN: %hlslc -T lib_6_10 -fsyntax-only %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::A, MatrixScope::Wave>;
// CHECK: shader-model-6-8.hlsl:[[@LINE-1]]:15: error: dx::linalg matrices need shader model 6.10 or later, but the target is lib_6_8 [LINALG-SHADER-MODEL]
// CHECK-NEXT: using WaveA =
// CHECK-NEXT: {{ *}}^~~~
// CHECK-NEXT: {{(.*: )?}}note: compile with -T lib_6_10
// CS69: shader-model-6-8.hlsl:[[@LINE-5]]:15: error: dx::linalg matrices need shader model 6.10 or later, but the target is cs_6_9 [LINALG-SHADER-MODEL]
// CS69: note: compile with -T cs_6_10

void f(WaveA a, WaveA b) {
  MatrixUse u = AccumulatorLayout();
  // CHECK: shader-model-6-8.hlsl:[[@LINE-1]]:17: error: dx::linalg matrices need shader model 6.10 or later
}

[numthreads(32, 1, 1)]
void main() {}
// CHECK: 2 errors generated.
// CS69: 2 errors generated.
