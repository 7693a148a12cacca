// The scalar compound assignments (+= -= *= /=) are not available at Thread
// scope.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

void f(ThreadAcc m) {
  // expected-error@+2 {{'operator+=' requires a Wave or ThreadGroup scope matrix, but 'm' has Thread scope}}
  // expected-note@dx/linalg.h:* {{requirement 'hlsl::is_arithmetic<T>::value && Scope != MatrixScope::Thread' was not satisfied [with T = float, Scope = MatrixScope::Thread]}}
  m += 1.0f;
  // expected-error@+2 {{'operator/=' requires a Wave or ThreadGroup scope matrix}}
  // expected-note@dx/linalg.h:* {{[with T = int, Scope = MatrixScope::Thread]}}
  m /= 2;
}
