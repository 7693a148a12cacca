// Accumulate exists only on accumulator matrices.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;

RWByteAddressBuffer Buf;

void f(WaveA a) {
  // expected-error@+3 {{'Accumulate' requires an accumulator matrix (MatrixUse::Accumulator), but 'a' is an A matrix}}
  // (its note in dx/linalg.h is matched at the end of the file)
  // (its note in dx/linalg.h is matched at the end of the file)
  a.Accumulate(Buf, 0, 32, MatrixLayout::RowMajor);
}

// expected-note@dx/linalg.h:* {{candidate template ignored: requirement 'Use == MatrixUse::Accumulator' was not satisfied [with Use = MatrixUse::A]}}
// expected-note@dx/linalg.h:* {{candidate template ignored: could not match 'T[]' against 'RWByteAddressBuffer': the argument is not an array}}
