// linalg::Multiply(A, B) needs A's columns to equal B's rows (K); the message
// names both shapes and both K values.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using WaveB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using WaveAcc = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveA a, WaveB b) {
  // expected-error@+4 {{A is 16x32 but B is 16x16: the K dimensions differ (32 vs 16)}}
  // expected-note@dx/linalg.h:* 2 {{could not match 'Matrix<}}
  // expected-note@dx/linalg.h:* 2 {{template argument Scope is MatrixScope::Wave, expected MatrixScope::ThreadGroup}}
  // expected-note@dx/linalg.h:* {{could not match 'vector<InputElTy, M>'}}
  WaveAcc c = Multiply(a, b);
}
