// linalg::Multiply(A, B) of a Wave-scope A and a ThreadGroup-scope B.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using GroupB = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::ThreadGroup>;
using WaveAcc = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveA a, GroupB b) {
  // expected-error@+4 {{A has Wave scope but B has ThreadGroup scope: the operands of 'Multiply' must have the same scope}}
  // expected-note@dx/linalg.h:* 2 {{template argument Scope is MatrixScope::ThreadGroup, expected MatrixScope::Wave}}
  // expected-note@dx/linalg.h:* 2 {{template argument Scope is MatrixScope::Wave, expected MatrixScope::ThreadGroup}}
  // expected-note@dx/linalg.h:* {{could not match 'vector<InputElTy, M>'}}
  WaveAcc c = Multiply(a, b);
}
