// MultiplyAccumulate is a member of accumulators only; calling it on a B
// matrix is a use error, not a scope error.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using WaveB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;

void f(WaveA a, WaveB b, WaveB target) {
  // expected-error@+2 {{'MultiplyAccumulate' requires an accumulator matrix (MatrixUse::Accumulator), but 'target' is a B matrix}}
  // expected-note@dx/linalg.h:* {{was not satisfied [with Scope = MatrixScope::Wave, UseLocal = MatrixUse::B, Use = MatrixUse::B]}}
  target.MultiplyAccumulate(a, b);
}
