// Accumulate writes memory: a ByteAddressBuffer is read-only.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using GroupAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

ByteAddressBuffer Input;

void f(GroupAcc m) {
  // expected-error@+3 {{'Accumulate' writes memory: it needs a RWByteAddressBuffer or a groupshared array, but 'Input' is a read-only ByteAddressBuffer}}
  // expected-note@dx/linalg.h:* {{no known conversion from 'ByteAddressBuffer' to 'RWByteAddressBuffer' for argument 1}}
  // expected-note@dx/linalg.h:* {{could not match 'T[]' against 'ByteAddressBuffer'}}
  m.Accumulate(Input, 0, 64, MatrixLayout::RowMajor);
}
