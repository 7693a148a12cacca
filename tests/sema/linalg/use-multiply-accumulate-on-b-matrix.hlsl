// MultiplyAccumulate is a member of accumulators only; calling it on a B
// matrix is a use error, not a scope error.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using WaveB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;

void f(WaveA a, WaveB b, WaveB target) {
  // expected-error@+2 {{'MultiplyAccumulate' requires an accumulator matrix (MatrixUse::Accumulator), but 'target' is a B matrix}}
  // (its note in dx/linalg.h is matched at the end of the file)
  target.MultiplyAccumulate(a, b);
}

// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Use == MatrixUse::Accumulator' was not satisfied [with Use = MatrixUse::B]}}
