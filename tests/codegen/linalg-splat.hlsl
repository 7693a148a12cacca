// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Matrix::Splat: createMatrix (component type, M, N, use, scope) then
// fillMatrix overloaded on the scalar's type.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using Acc = Matrix<MatrixComponentType::F32, 16, 8, MatrixUse::Accumulator, MatrixScope::Wave>;
using HalfA = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::A, MatrixScope::ThreadGroup>;
using IntB = Matrix<MatrixComponentType::I32, 16, 16, MatrixUse::B, MatrixScope::Wave>;

[numthreads(64, 1, 1)]
void main()
{
    // CHECK-LABEL: define void @"main"()
    // CHECK: [[ACC:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 8, i32 2, i32 1)
    // CHECK-NEXT: call void @"dx.op.fillMatrix.f32"(i32 401, %"dx.types.MatrixRef"* [[ACC]], float 0x3ff8000000000000)
    Acc acc = Acc::Splat(1.5f);

    // CHECK: [[HA:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 32, i32 16, i32 0, i32 2)
    // CHECK-NEXT: call void @"dx.op.fillMatrix.f16"(i32 401, %"dx.types.MatrixRef"* [[HA]], half 0x4000000000000000)
    HalfA ha = HalfA::Splat((half)2.0);

    // CHECK: [[IB:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 4, i32 16, i32 16, i32 1, i32 1)
    // CHECK-NEXT: call void @"dx.op.fillMatrix.i32"(i32 401, %"dx.types.MatrixRef"* [[IB]], i32 -7)
    IntB ib = IntB::Splat(-7);

    acc.Store(Out, 0, 32, MatrixLayout::RowMajor);
}

// CHECK: declare %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 %".1", i32 %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
// CHECK: declare void @"dx.op.fillMatrix.f32"(i32 %".1", %"dx.types.MatrixRef"* %".2", float %".3") nounwind
