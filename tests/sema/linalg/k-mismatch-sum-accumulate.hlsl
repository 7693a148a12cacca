// SumAccumulate has MultiplyAccumulate's shape constraints, so a K mismatch
// is the same error.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using GroupA = Matrix<MatrixComponentType::F32, 8, 4, MatrixUse::A, MatrixScope::ThreadGroup>;
using GroupB = Matrix<MatrixComponentType::F32, 8, 8, MatrixUse::B, MatrixScope::ThreadGroup>;
using GroupAcc = Matrix<MatrixComponentType::F32, 8, 8, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

void f(GroupAcc acc, GroupA a, GroupB b) {
  // expected-error@+2 {{A is 8x4 but B is 8x8: the K dimensions differ (4 vs 8)}}
  // expected-note@dx/linalg.h:* {{template argument M is 8, expected 4}}
  acc.SumAccumulate(a, b);
}
