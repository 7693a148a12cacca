// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Matrix::ApplyUnaryOperation<Op>(): matrixElementwiseUnaryOp(op, matrix),
// no overload suffix; op is the UnaryOperation value (NOp 0, Negate 1,
// Abs 2, Sin 3, Cos 4, Tan 5).  The result is the same matrix.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main()
{
    MC c = MC::Splat(-1.0f);

    // CHECK: [[M0:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseUnaryOp"(i32 403, i32 0, %"dx.types.MatrixRef"* [[M0]])
    c.ApplyUnaryOperation<UnaryOperation::NOp>();
    // CHECK: call void @"dx.op.matrixElementwiseUnaryOp"(i32 403, i32 1, %"dx.types.MatrixRef"* %{{.*}})
    c.ApplyUnaryOperation<UnaryOperation::Negate>();
    // CHECK: call void @"dx.op.matrixElementwiseUnaryOp"(i32 403, i32 2, %"dx.types.MatrixRef"* %{{.*}})
    c.ApplyUnaryOperation<UnaryOperation::Abs>();
    // CHECK: call void @"dx.op.matrixElementwiseUnaryOp"(i32 403, i32 3, %"dx.types.MatrixRef"* %{{.*}})
    c.ApplyUnaryOperation<UnaryOperation::Sin>();
    // CHECK: call void @"dx.op.matrixElementwiseUnaryOp"(i32 403, i32 4, %"dx.types.MatrixRef"* %{{.*}})
    c.ApplyUnaryOperation<UnaryOperation::Cos>();

    // Assigning the result back stores the same handle.
    // CHECK: [[M5:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseUnaryOp"(i32 403, i32 5, %"dx.types.MatrixRef"* [[M5]])
    // CHECK-NEXT: store %"dx.types.MatrixRef"* [[M5]], %"dx.types.MatrixRef"** %"c"
    c = c.ApplyUnaryOperation<UnaryOperation::Tan>();

    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// CHECK: declare void @"dx.op.matrixElementwiseUnaryOp"(i32 %".1", i32 %".2", %"dx.types.MatrixRef"* %".3") nounwind
