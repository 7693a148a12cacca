// GetThreadVector is not available at Thread scope.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadB = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::B, MatrixScope::Thread>;

void f(ThreadB b) {
  // expected-error@+3 {{'GetThreadVector' requires a Wave or ThreadGroup scope matrix, but 'b' has Thread scope}}
  // expected-note@dx/linalg.h:* {{requirement 'Use == MatrixUse::A && Scope != MatrixScope::Thread' was not satisfied}}
  // expected-note@dx/linalg.h:* {{requirement 'Scope != MatrixScope::Thread' was not satisfied}}
  vector<half, 32> v = b.GetThreadVector(0);
}
