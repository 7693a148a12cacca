// The scalar compound assignments (+= -= *= /=) are not available at Thread
// scope.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

void f(ThreadAcc m) {
  // expected-error@+2 {{'operator+=' requires a Wave or ThreadGroup scope matrix, but 'm' has Thread scope}}
  // (its note in dx/linalg.h is matched at the end of the file)
  m += 1.0f;
  // expected-error@+2 {{'operator/=' requires a Wave or ThreadGroup scope matrix}}
  // (its note in dx/linalg.h is matched at the end of the file)
  m /= 2;
}

// expected-note@dx/linalg.h:* 2 {{candidate template ignored: requirement 'Scope != MatrixScope::Thread' was not satisfied [with Scope = MatrixScope::Thread]}}
