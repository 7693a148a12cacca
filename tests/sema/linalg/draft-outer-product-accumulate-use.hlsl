// In the draft API, OuterProductAccumulate is a member of accumulators only;
// MatrixLayout does not exist there.
// RUN: %hlslc -T lib_6_10 --linalg-revision=draft -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;

ByteAddressBuffer Input;

void f(ThreadB b, vector<float, 16> x) {
  // expected-error@+2 {{'OuterProductAccumulate' requires an accumulator matrix (MatrixUse::Accumulator), but 'b' is a B matrix}}
  // expected-note@dx/linalg.h:* {{requirement 'Use == MatrixUse::Accumulator' was not satisfied}}
  b.OuterProductAccumulate(x, x);
  ThreadB c = ThreadB::Load(Input, 0, 32, MatrixLayout::RowMajor); // expected-error {{use of undeclared identifier 'MatrixLayout'}}
}
