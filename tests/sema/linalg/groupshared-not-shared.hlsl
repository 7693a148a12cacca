// Load(T Arr[]) and its Store/Accumulate siblings take a groupshared array;
// the header cannot spell that in the parameter type, so sema checks it. A
// local array and a static global array are not groupshared.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

static half Private[256];
groupshared half Shared[256];

void f(WaveAcc acc) {
  half local[256];
  WaveA a = WaveA::Load(local, 0, 16, MatrixLayout::RowMajor); // expected-error {{'local' is not declared 'groupshared'}}
  WaveA b = WaveA::Load(Private, 0, 16, MatrixLayout::RowMajor); // expected-error {{'Private' is not declared 'groupshared'}}
  WaveA c = WaveA::Load(Shared, 0, 16, MatrixLayout::RowMajor);
  float scratch[256];
  acc.Store(scratch, 0, 16, MatrixLayout::RowMajor); // expected-error {{'Store' reads or writes a groupshared array; 'scratch' is not declared 'groupshared'}}
}
