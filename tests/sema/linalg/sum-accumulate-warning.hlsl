// LINALG-SUMACCUMULATE (a warning, spec errata 8): SumAccumulate is accepted
// as the header declares it, but its meaning is unspecified unless M, N and
// K are equal.
// RUN: %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <dx/linalg.h>
using namespace dx::linalg;

using SquareA = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using SquareB = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using WideB = Matrix<MatrixComponentType::F32, 16, 32, MatrixUse::B, MatrixScope::Wave>;
using SquareAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using WideAcc = Matrix<MatrixComponentType::F32, 16, 32, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(SquareA a, SquareB b, WideB wb, SquareAcc sq, WideAcc wide) {
  sq.SumAccumulate(a, b);
  wide.SumAccumulate(a, wb);
  // CHECK: sum-accumulate-warning.hlsl:[[@LINE-1]]:3: warning: SumAccumulate adds a 16x16 A matrix and a 16x32 B matrix into a 16x32 accumulator; the proposal leaves its meaning unspecified unless M, N and K are equal [LINALG-SUMACCUMULATE]
  // CHECK-NEXT: wide.SumAccumulate(a, wb);
  // CHECK-NEXT: {{ *}}^~~~
  // CHECK-NEXT: {{(.*: )?}}note: the proposal says only that "the matrix arguments are added together"
}
// CHECK: 1 warning generated.
