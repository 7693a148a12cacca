// m += v takes a scalar: a vector is not arithmetic in hlsl::is_arithmetic's
// sense, and neither is another matrix.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveAcc m) {
  // expected-error@+2 {{'operator+=' needs an arithmetic scalar type (int, uint, half, float, ...), not 'float3'}}
  // (its note in dx/linalg.h is matched at the end of the file)
  m += float3(1, 2, 3);
  // expected-error@+2 {{'operator*=' needs an arithmetic scalar type}}
  // (its note in dx/linalg.h is matched at the end of the file)
  m *= m;
}

// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'hlsl::is_arithmetic<T>::value' was not satisfied [with T = float3]}}
// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'hlsl::is_arithmetic<T>::value' was not satisfied [with T = dx::linalg::Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>]}}
