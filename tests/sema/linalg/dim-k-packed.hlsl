// LINALG-DIM-K for packed 8-bit components (PackedS8x32, PackedU8x32): four
// values per scalar, so Wave-scope K is a power of two from 16 to 512.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:

#include <dx/linalg.h>
using namespace dx::linalg;

using K64 = Matrix<MatrixComponentType::PackedS8x32, 16, 64, MatrixUse::A, MatrixScope::Wave>;
using K512 = Matrix<MatrixComponentType::PackedU8x32, 512, 16, MatrixUse::B, MatrixScope::Wave>;
using K8 = Matrix<MatrixComponentType::PackedS8x32, 16, 8, MatrixUse::A, MatrixScope::Wave>;
// CHECK: dim-k-packed.hlsl:[[@LINE-1]]:12: error: K dimension of Matrix<PackedS8x32, 16, 8, A, Wave> is 8, but Wave-scope matrices of packed 8-bit components allow powers of two from 16 to 512 (K is the column count of an A matrix) [LINALG-DIM-K]
using K1024 = Matrix<MatrixComponentType::PackedU8x32, 1024, 16, MatrixUse::B, MatrixScope::Wave>;
// CHECK: dim-k-packed.hlsl:[[@LINE-1]]:15: error: K dimension of Matrix<PackedU8x32, 1024, 16, B, Wave> is 1024, but Wave-scope matrices of packed 8-bit components allow powers of two from 16 to 512 (K is the row count of a B matrix) [LINALG-DIM-K]

void f(K64 a, K512 b, K8 c, K1024 d) {}
// CHECK: 2 errors generated.
