// MultiplyAccumulate is not available at Thread scope, even with operands of
// matching shapes and scope.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Thread>;
using ThreadB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;
using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

void f(ThreadAcc acc, ThreadA a, ThreadB b) {
  // expected-error@+2 {{'MultiplyAccumulate' requires a Wave or ThreadGroup scope matrix, but 'acc' has Thread scope}}
  // expected-note@dx/linalg.h:* {{requirement 'Scope != MatrixScope::Thread' was not satisfied}}
  acc.MultiplyAccumulate(a, b);
}
