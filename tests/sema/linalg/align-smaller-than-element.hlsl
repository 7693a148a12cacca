// A constant Align must be at least the size of one stored element: 2 bytes
// for F16, 4 for the packed types (their scalar holds four values).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using PackedA = Matrix<MatrixComponentType::PackedS8x32, 16, 64, MatrixUse::A, MatrixScope::Wave>;

ByteAddressBuffer Input;

void f() {
  WaveA a = WaveA::Load(Input, 0, 32, MatrixLayout::RowMajor, 1); // expected-error {{Align 1 is smaller than the 2-byte elements of Matrix<F16, 16, 16, A, Wave>}}
  // CHECK: align-smaller-than-element.hlsl:[[@LINE-1]]:63: error: Align 1 is smaller than the 2-byte elements of Matrix<F16, 16, 16, A, Wave> [LINALG-ALIGN]
  WaveA b = WaveA::Load(Input, 0, 32, MatrixLayout::RowMajor, 2);
  PackedA p = PackedA::Load(Input, 0, 64, MatrixLayout::RowMajor, 2); // expected-error {{Align 2 is smaller than}}
  // CHECK: align-smaller-than-element.hlsl:[[@LINE-1]]:67: error: Align 2 is smaller than {{.*}}Matrix<PackedS8x32, 16, 64, A, Wave> [LINALG-ALIGN]
  PackedA q = PackedA::Load(Input, 0, 64, MatrixLayout::RowMajor, 4);
}
// CHECK: 2 errors generated.
