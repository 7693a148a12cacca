// m += v takes a scalar: a vector is not arithmetic in hlsl::is_arithmetic's
// sense, and neither is another matrix.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(WaveAcc m) {
  // expected-error@+2 {{'operator+=' needs an arithmetic scalar type (int, uint, half, float, ...), not 'float3'}}
  // expected-note@dx/linalg.h:* {{[with T = float3, Scope = MatrixScope::Wave]}}
  m += float3(1, 2, 3);
  // expected-error@+2 {{'operator*=' needs an arithmetic scalar type}}
  // expected-note@dx/linalg.h:* {{requirement 'hlsl::is_arithmetic<T>::value && Scope != MatrixScope::Thread' was not satisfied}}
  m *= m;
}
