// ApplyUnaryOperation is not available at Thread scope.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

void f(ThreadAcc m) {
  // expected-error@+2 {{'ApplyUnaryOperation' requires a Wave or ThreadGroup scope matrix, but 'm' has Thread scope}}
  // expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Scope != MatrixScope::Thread' was not satisfied [with Scope = MatrixScope::Thread]}}
  m = m.ApplyUnaryOperation<UnaryOperation::Abs>();
}
