// MultiplyAdd(v, B, bias): the bias vector's length is the B matrix's N (its
// columns, the result length).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadB = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::B, MatrixScope::Thread>;

vector<float, 32> f(ThreadB b, vector<float, 16> x, vector<float, 16> bias) {
  // expected-error@+2 {{'MultiplyAdd': the bias vector has 16 elements but Matrix<F16, 16, 32, B, Thread> has 32 columns}}
  // expected-note@dx/linalg.h:* {{could not match 'vector<BiasElTy, K>' against 'vector<float, 16>'}}
  return MultiplyAdd<float>(x, b, bias);
}
