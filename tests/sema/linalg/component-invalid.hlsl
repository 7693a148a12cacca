// LINALG-COMPONENT-INVALID: MatrixComponentType::Invalid names no component
// type, whether spelled in a matrix type or produced by cast<>.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using Bad = Matrix<MatrixComponentType::Invalid, 16, 16, MatrixUse::A, MatrixScope::Wave>;
// CHECK: component-invalid.hlsl:[[@LINE-1]]:13: error: Matrix<Invalid, 16, 16, A, Wave> uses MatrixComponentType::Invalid, which is not a component type [LINALG-COMPONENT-INVALID]
// CHECK-NEXT: using Bad =
// CHECK-NEXT: {{ *}}^~~~
// CHECK-NEXT: {{(.*: )?}}note: choose a component type such as MatrixComponentType::F16 or MatrixComponentType::F32

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(Bad b, WaveAcc acc) {
  acc.cast<MatrixComponentType::Invalid>();
  // CHECK: component-invalid.hlsl:[[@LINE-1]]:3: error: Matrix<Invalid, 16, 16, Accumulator, Wave> uses MatrixComponentType::Invalid{{.*}}[LINALG-COMPONENT-INVALID]
}
// CHECK: 2 errors generated.
