// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// C.SumAccumulate(A, B): hlslc's matrixOp opcode 414 (C += A + B), same
// operands and same function as 412 and 413, and a matrixUses entry.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using MA = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::A, MatrixScope::ThreadGroup>;
using MB = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::B, MatrixScope::ThreadGroup>;
using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

[numthreads(64, 1, 1)]
void main()
{
    // CHECK: [[A:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, {{.*}}, i32 0, i32 2)
    MA a = MA::Splat(1.0f);
    // CHECK: [[B:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, {{.*}}, i32 1, i32 2)
    MB b = MB::Splat(2.0f);
    // CHECK: [[C:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, {{.*}}, i32 2, i32 2)
    MC c = MC::Splat(0.0f);

    // CHECK: call void @"dx.op.matrixOp"(i32 414, %"dx.types.MatrixRef"* [[A]], %"dx.types.MatrixRef"* [[B]], %"dx.types.MatrixRef"* [[C]])
    c.SumAccumulate(a, b);

    // CHECK-NEXT: call void @"dx.op.matrixOp"(i32 413, %"dx.types.MatrixRef"* [[A]], %"dx.types.MatrixRef"* [[B]], %"dx.types.MatrixRef"* [[C]])
    c.MultiplyAccumulate(a, b);

    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// One function for both opcodes, declared once.
// CHECK-COUNT-1: declare void @"dx.op.matrixOp"(
// CHECK-NOT: declare void @"dx.op.matrixOp"(
// Identical uses are recorded once.
// CHECK: !dx.linalg.matrixUses = !{ [[U:![0-9]+]] }
// CHECK: [[U]] = !{ i32 16, i32 16, i32 16, i32 2, i32 9, i32 9 }
