// A Thread-scope matrix has no cast(): the header's enable_if requires Wave or
// ThreadGroup scope. The candidate note points into the built-in header, so it
// is matched with @dx/linalg.h:* (any line of that file).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;
using ThreadAcc16 = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

void f(ThreadAcc m) {
  // expected-error@+2 {{'cast' requires a Wave or ThreadGroup scope matrix, but 'm' has Thread scope}}
  // expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Scope != MatrixScope::Thread' was not satisfied [with Scope = MatrixScope::Thread]}}
  ThreadAcc16 n = m.cast<MatrixComponentType::F16>();
}
