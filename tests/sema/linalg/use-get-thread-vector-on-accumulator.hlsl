// GetThreadVector exists only on A and B matrices.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveAcc acc) {
  // expected-error@+2 {{'GetThreadVector' requires an A or B matrix, but 'acc' is an accumulator matrix}}
  // (its note in dx/linalg.h is matched at the end of the file)
  vector<float, 16> v = acc.GetThreadVector(0);
}

// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Use == MatrixUse::A' was not satisfied [with Use = MatrixUse::Accumulator]}}
// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Use == MatrixUse::B' was not satisfied [with Use = MatrixUse::Accumulator]}}
