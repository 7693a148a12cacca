// Store is not available at Thread scope (a Thread-scope accumulator reaches
// memory only through Accumulate).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

RWByteAddressBuffer Buf;

void f(ThreadAcc m) {
  // expected-error@+3 {{'Store' requires a Wave or ThreadGroup scope matrix, but 'm' has Thread scope}}
  // expected-note@dx/linalg.h:* {{requirement 'Scope != MatrixScope::Thread' was not satisfied}}
  // expected-note@dx/linalg.h:* {{could not match 'T[]' against 'RWByteAddressBuffer'}}
  m.Store(Buf, 0, 64, MatrixLayout::RowMajor);
}
