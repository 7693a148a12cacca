// FromThreadVectors of a B matrix takes a vector of NScalars (its columns,
// here 32) elements; a shorter vector does not convert. The A overload is
// dropped by its enable_if.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveB = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::B, MatrixScope::Wave>;

void f(WaveB b, vector<half, 16> v) {
  // expected-error@+3 {{no matching function for call to 'FromThreadVectors'}}
  // expected-note@dx/linalg.h:* {{requirement 'Use == MatrixUse::A' was not satisfied}}
  // expected-note@dx/linalg.h:* {{no known conversion from 'vector<half, 16>' to 'vector<half, 32>' for argument 1}}
  b = b.FromThreadVectors(v);
}
