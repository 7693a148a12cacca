// Splat takes an arithmetic scalar; bool is not one (hlsl::is_arithmetic).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f() {
  // expected-error@+2 {{'Splat' needs an arithmetic scalar type (int, uint, half, float, ...), not 'bool'}}
  // (its note in dx/linalg.h is matched at the end of the file)
  WaveAcc m = WaveAcc::Splat(true);
}

// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'hlsl::is_arithmetic<T>::value' was not satisfied [with T = bool]}}
