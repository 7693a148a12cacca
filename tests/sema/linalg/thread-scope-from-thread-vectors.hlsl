// FromThreadVectors is not available at Thread scope; both overloads (A and B)
// are listed.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Thread>;

void f(ThreadA a, vector<half, 16> v) {
  // expected-error@+3 {{'FromThreadVectors' requires a Wave or ThreadGroup scope matrix, but 'a' has Thread scope}}
  // expected-note@dx/linalg.h:* {{requirement 'Use == MatrixUse::A && Scope != MatrixScope::Thread && UseLocal == Use' was not satisfied}}
  // expected-note@dx/linalg.h:* {{requirement 'Use == MatrixUse::B && Scope != MatrixScope::Thread && UseLocal == Use' was not satisfied}}
  a = a.FromThreadVectors(v);
}
