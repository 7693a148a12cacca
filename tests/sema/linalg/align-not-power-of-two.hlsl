// A constant Align must be a power of two (spec errata 13).
// -verify matches a message without its rule ID; the FileCheck run checks the
// rendered line with the ID.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

ByteAddressBuffer Input;
RWByteAddressBuffer Output;

void f(WaveAcc acc) {
  WaveA a = WaveA::Load(Input, 0, 32, MatrixLayout::RowMajor, 3); // expected-error {{Align must be a power of two (got 3)}}
  // CHECK: align-not-power-of-two.hlsl:[[@LINE-1]]:63: error: Align must be a power of two (got 3) [LINALG-ALIGN]
  acc.Store(Output, 0, 64, MatrixLayout::RowMajor, 0); // expected-error {{Align must be a power of two (got 0)}}
  // CHECK: align-not-power-of-two.hlsl:[[@LINE-1]]:52: error: Align must be a power of two (got 0) [LINALG-ALIGN]
  acc.Store(Output, 0, 64, MatrixLayout::RowMajor, 16);
}
// CHECK: 2 errors generated.
