// LINALG-DIM-K: K = 3 is not a power of two at Wave scope (the rows of a B
// matrix), but ThreadGroup scope allows any K from 1 to 1024.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveB = Matrix<MatrixComponentType::F16, 3, 16, MatrixUse::B, MatrixScope::Wave>;
// CHECK: dim-k-not-power-of-two.hlsl:[[@LINE-1]]:15: error: K dimension of Matrix<F16, 3, 16, B, Wave> is 3, but Wave-scope matrices allow powers of two from 4 to 128 (K is the row count of a B matrix) [LINALG-DIM-K]
using GroupB = Matrix<MatrixComponentType::F16, 3, 16, MatrixUse::B, MatrixScope::ThreadGroup>;
using GroupA = Matrix<MatrixComponentType::F16, 16, 1025, MatrixUse::A, MatrixScope::ThreadGroup>;
// CHECK: dim-k-not-power-of-two.hlsl:[[@LINE-1]]:16: error: K dimension of Matrix<F16, 16, 1025, A, ThreadGroup> is 1025, but ThreadGroup-scope matrices allow 1 to 1024 (K is the column count of an A matrix) [LINALG-DIM-K]

void f(WaveB b, GroupB g, GroupA a) {}
// CHECK: 2 errors generated.
