// GetThreadVector exists only on A and B matrices.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveAcc acc) {
  // expected-error@+2 {{'GetThreadVector' requires an A or B matrix, but 'acc' is an accumulator matrix}}
  // expected-note@dx/linalg.h:* 2 {{[with Scope = MatrixScope::Wave, UseLocal = MatrixUse::Accumulator, Use = MatrixUse::Accumulator]}}
  vector<float, 16> v = acc.GetThreadVector(0);
}
