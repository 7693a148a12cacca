// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Matrix::cast<NewCompTy, NewUse>(): createMatrix with the new component type
// and use (same M, N and scope), then castMatrix(destination, source).

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using Acc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: [[SRC:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    Acc acc = Acc::Splat(1.0f);

    // Component type only: the use stays Accumulator (2).
    // CHECK: [[H:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 16, i32 2, i32 1)
    // CHECK-NEXT: call void @"dx.op.castMatrix"(i32 402, %"dx.types.MatrixRef"* [[H]], %"dx.types.MatrixRef"* [[SRC]])
    Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave> h =
        acc.cast<MatrixComponentType::F16>();

    // Component type and use: an A matrix (0).
    // CHECK-NEXT: [[A:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 16, i32 0, i32 1)
    // CHECK-NEXT: call void @"dx.op.castMatrix"(i32 402, %"dx.types.MatrixRef"* [[A]], %"dx.types.MatrixRef"* [[SRC]])
    Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave> a =
        acc.cast<MatrixComponentType::F16, MatrixUse::A>();

    // CHECK-NEXT: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[H]],
    h.Store(Out, 0, 32, MatrixLayout::RowMajor);
}

// CHECK: declare void @"dx.op.castMatrix"(i32 %".1", %"dx.types.MatrixRef"* %".2", %"dx.types.MatrixRef"* %".3") nounwind
