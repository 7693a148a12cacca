// FromThreadVectors is not available at Thread scope; both overloads (A and B)
// are listed.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Thread>;

void f(ThreadA a, vector<half, 16> v) {
  // expected-error@+3 {{'FromThreadVectors' requires a Wave or ThreadGroup scope matrix, but 'a' has Thread scope}}
  // (its note in dx/linalg.h is matched at the end of the file)
  // (its note in dx/linalg.h is matched at the end of the file)
  a = a.FromThreadVectors(v);
}

// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Scope != MatrixScope::Thread' was not satisfied [with Scope = MatrixScope::Thread]}}
// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Use == MatrixUse::B && Scope != MatrixScope::Thread' was not satisfied [with Scope = MatrixScope::Thread, Use = MatrixUse::A]}}
