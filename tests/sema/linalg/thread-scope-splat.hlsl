// Splat is not available at Thread scope (spec errata 5: the header wins over
// the prose's leftover sentence about divergent Thread-scope Splat).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

void f() {
  // expected-error@+2 {{'Splat' requires a Wave or ThreadGroup scope matrix, but Matrix<F32, 16, 16, Accumulator, Thread> has Thread scope}}
  // expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Scope != MatrixScope::Thread' was not satisfied [with Scope = MatrixScope::Thread]}}
  ThreadAcc m = ThreadAcc::Splat(1.0f);
}
