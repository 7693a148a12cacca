// The A and B operands of MultiplyAccumulate must have the accumulator's
// scope.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using GroupB = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::ThreadGroup>;
using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveAcc acc, WaveA a, GroupB b) {
  // expected-error@+2 {{A has Wave scope but B has ThreadGroup scope: the operands of 'MultiplyAccumulate' must have the same scope}}
  // expected-note@dx/linalg.h:* {{template argument Scope is MatrixScope::ThreadGroup, expected MatrixScope::Wave}}
  acc.MultiplyAccumulate(a, b);
}
