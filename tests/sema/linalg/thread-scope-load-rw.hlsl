// A Thread-scope matrix loads only from a (read-only) ByteAddressBuffer; the
// RWByteAddressBuffer overload needs Wave or ThreadGroup scope. All three Load
// overloads are listed as candidates.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;

RWByteAddressBuffer Buf;

void f() {
  // expected-error@+4 {{'Load' requires a Wave or ThreadGroup scope matrix, but Matrix<F16, 16, 16, B, Thread> has Thread scope}}
  // expected-note@dx/linalg.h:* {{candidate function not viable: no known conversion from 'RWByteAddressBuffer' to 'ByteAddressBuffer' for argument 1}}
  // expected-note@dx/linalg.h:* {{requirement 'Scope != MatrixScope::Thread' was not satisfied}}
  // expected-note@dx/linalg.h:* {{could not match 'T[]' against 'RWByteAddressBuffer': the argument is not an array}}
  ThreadB b = ThreadB::Load(Buf, 0, 32, MatrixLayout::RowMajor);
}
