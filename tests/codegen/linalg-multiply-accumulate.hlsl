// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// C.MultiplyAccumulate(A, B): matrixOp(413, A, B, C) on the existing
// accumulator (no createMatrix), and a !dx.linalg.matrixUses entry.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using MA = Matrix<MatrixComponentType::F16, 16, 64, MatrixUse::A, MatrixScope::Wave>;
using MB = Matrix<MatrixComponentType::F16, 64, 16, MatrixUse::B, MatrixScope::Wave>;
using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: [[A:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 64, i32 0, i32 1)
    MA a = MA::Splat((half)1.0);
    // CHECK: [[B:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 64, i32 16, i32 1, i32 1)
    MB b = MB::Splat((half)1.0);
    // CHECK: [[C:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    MC c = MC::Splat(0.0f);

    // CHECK: call void @"dx.op.matrixOp"(i32 413, %"dx.types.MatrixRef"* [[A]], %"dx.types.MatrixRef"* [[B]], %"dx.types.MatrixRef"* [[C]])
    // CHECK-NOT: createMatrix
    // CHECK: ret void
    c.MultiplyAccumulate(a, b);

    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// CHECK: !dx.linalg.matrixUses = !{ [[U:![0-9]+]] }
// CHECK: [[U]] = !{ i32 16, i32 16, i32 64, i32 1, i32 8, i32 9 }
