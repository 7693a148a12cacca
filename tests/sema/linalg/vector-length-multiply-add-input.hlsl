// MultiplyAdd(v, B, bias): the input vector's length is the B matrix's M
// (its rows), spec errata 12.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadB = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::B, MatrixScope::Thread>;

vector<float, 32> f(ThreadB b, vector<float, 8> x, vector<float, 32> bias) {
  // expected-error@+2 {{'MultiplyAdd': the input vector has 8 elements but Matrix<F16, 16, 32, B, Thread> has 16 rows}}
  // expected-note@dx/linalg.h:* {{template argument M is 16, expected 8}}
  return MultiplyAdd<float>(x, b, bias);
}
