// The accumulator of MultiplyAccumulate must be MxN for an MxK A and a KxN B.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using WaveB = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::Wave>;
using WaveAcc = Matrix<MatrixComponentType::F32, 16, 8, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveAcc acc, WaveA a, WaveB b) {
  // expected-error@+2 {{the accumulator is 16x8 but A (16x32) times B (32x16) is 16x16}}
  // expected-note@dx/linalg.h:* {{template argument N is 16, expected 8}}
  acc.MultiplyAccumulate(a, b);
}
