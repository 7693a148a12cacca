// LINALG-DIM-RANGE: dimensions other than K must be at least 1 and at most
// the scope's largest size (128 at Wave scope); accumulators included.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using TooWide = Matrix<MatrixComponentType::F32, 16, 200, MatrixUse::Accumulator, MatrixScope::Wave>; // expected-error {{N dimension of Matrix<F32, 16, 200, Accumulator, Wave> is 200, but Wave-scope matrices allow at most 128}}
// CHECK: dim-range.hlsl:[[@LINE-1]]:17: error: N dimension of {{.*}} [LINALG-DIM-RANGE]
using Empty = Matrix<MatrixComponentType::F32, 0, 16, MatrixUse::Accumulator, MatrixScope::Wave>; // expected-error {{M dimension of Matrix<F32, 0, 16, Accumulator, Wave> is 0: matrix dimensions must be at least 1}}
// CHECK: dim-range.hlsl:[[@LINE-1]]:15: error: M dimension of {{.*}} [LINALG-DIM-RANGE]
using GroupWide = Matrix<MatrixComponentType::F32, 16, 1024, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

void f(TooWide a, Empty b, GroupWide c) {}
