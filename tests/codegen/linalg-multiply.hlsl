// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Multiply(A, B): createMatrix for the MxN accumulator, then
// matrixOp(412, A, B, C); one !dx.linalg.matrixUses entry
// {M, N, K, scope, A's component type, C's component type}.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using MA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using MB = Matrix<MatrixComponentType::F16, 32, 8, MatrixUse::B, MatrixScope::Wave>;
using GA = Matrix<MatrixComponentType::F32, 64, 16, MatrixUse::A, MatrixScope::ThreadGroup>;
using GB = Matrix<MatrixComponentType::F32, 16, 64, MatrixUse::B, MatrixScope::ThreadGroup>;

[numthreads(64, 1, 1)]
void main()
{
    // CHECK: [[A:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 32, i32 0, i32 1)
    MA a = MA::Splat((half)1.0);
    // CHECK: [[B:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 32, i32 8, i32 1, i32 1)
    MB b = MB::Splat((half)2.0);

    // With an explicit result component type (F32 = 9).
    // CHECK: [[C:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 8, i32 2, i32 1)
    // CHECK-NEXT: call void @"dx.op.matrixOp"(i32 412, %"dx.types.MatrixRef"* [[A]], %"dx.types.MatrixRef"* [[B]], %"dx.types.MatrixRef"* [[C]])
    Matrix<MatrixComponentType::F32, 16, 8, MatrixUse::Accumulator, MatrixScope::Wave> c =
        Multiply<MatrixComponentType::F32>(a, b);

    // ThreadGroup scope (2), one shared component type.
    GA ga = GA::Splat(1.0f);
    GB gb = GB::Splat(1.0f);
    // CHECK: [[G:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 64, i32 64, i32 2, i32 2)
    // CHECK-NEXT: call void @"dx.op.matrixOp"(i32 412, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.MatrixRef"* [[G]])
    Matrix<MatrixComponentType::F32, 64, 64, MatrixUse::Accumulator, MatrixScope::ThreadGroup> g =
        Multiply(ga, gb);

    // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[C]],
    // CHECK-NEXT: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[G]],
    c.Store(Out, 0, 32, MatrixLayout::RowMajor);
    g.Store(Out, 1024, 256, MatrixLayout::RowMajor);
}

// CHECK: declare void @"dx.op.matrixOp"(i32 %".1", %"dx.types.MatrixRef"* %".2", %"dx.types.MatrixRef"* %".3", %"dx.types.MatrixRef"* %".4") nounwind
// CHECK: !dx.linalg.matrixUses = !{ [[U1:![0-9]+]], [[U2:![0-9]+]] }
// CHECK-DAG: [[U1]] = !{ i32 16, i32 8, i32 32, i32 1, i32 8, i32 9 }
// CHECK-DAG: [[U2]] = !{ i32 64, i32 64, i32 16, i32 2, i32 9, i32 9 }
