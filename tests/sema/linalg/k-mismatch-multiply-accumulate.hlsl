// acc.MultiplyAccumulate(A, B) with A 16x32 and B 16x16.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using WaveB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveAcc acc, WaveA a, WaveB b) {
  // expected-error@+2 {{A is 16x32 but B is 16x16: the K dimensions differ (32 vs 16)}}
  // expected-note@dx/linalg.h:* {{could not match 'Matrix<RHSTy, K, N, MatrixUse::B, Scope>' against 'dx::linalg::Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>': template argument M is 16, expected 32}}
  acc.MultiplyAccumulate(a, b);
}
