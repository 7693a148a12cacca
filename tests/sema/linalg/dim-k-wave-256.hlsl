// LINALG-DIM-K: at Wave scope K (the columns of an A matrix) must be a power
// of two from 4 to 128. The error is at the matrix type, once per type.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WideA = Matrix<MatrixComponentType::F16, 16, 256, MatrixUse::A, MatrixScope::Wave>;
// CHECK: dim-k-wave-256.hlsl:[[@LINE-1]]:15: error: K dimension of Matrix<F16, 16, 256, A, Wave> is 256, but Wave-scope matrices allow powers of two from 4 to 128 (K is the column count of an A matrix) [LINALG-DIM-K]
// CHECK-NEXT: using WideA =
// CHECK-NEXT: {{ *}}^~~~
// CHECK-NEXT: {{(.*: )?}}note: K is the dimension A and B share in MxK * KxN = MxN

void f(WideA a, WideA b) {}
// CHECK-NOT: error
// CHECK: 1 error generated.
