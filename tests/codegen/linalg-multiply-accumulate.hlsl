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
    MA a = MA::Splat((half)1.0);
    MB b = MB::Splat((half)1.0);
    MC c = MC::Splat(0.0f);

    // CHECK: [[C:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK-NEXT: [[A:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"a"
    // CHECK-NEXT: [[B:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"b"
    // CHECK-NEXT: call void @"dx.op.matrixOp"(i32 413, %"dx.types.MatrixRef"* [[A]], %"dx.types.MatrixRef"* [[B]], %"dx.types.MatrixRef"* [[C]])
    // CHECK-NOT: createMatrix
    // CHECK: ret void
    c.MultiplyAccumulate(a, b);

    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// CHECK: !dx.linalg.matrixUses = !{ [[U:![0-9]+]] }
// CHECK: [[U]] = !{ i32 16, i32 16, i32 64, i32 1, i32 8, i32 9 }
