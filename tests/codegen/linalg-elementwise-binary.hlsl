// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// operator+= -= *= /= on a matrix: matrixElementwiseBinaryOp.<T>(op, matrix,
// value) with op add = 1, sub = 2, mul = 3, div = 4, overloaded on the
// scalar's type.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using HA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::ThreadGroup>;

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    // The operators work on the matrix in place: `c` stays the one handle.
    // CHECK: [[C:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    MC c = MC::Splat(1.0f);

    // CHECK: call void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 404, i32 1, %"dx.types.MatrixRef"* [[C]], float 0x4000000000000000)
    c += 2.0f;
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 404, i32 2, %"dx.types.MatrixRef"* [[C]], float 0x3fe0000000000000)
    c -= 0.5f;
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 404, i32 3, %"dx.types.MatrixRef"* [[C]], float 0x4008000000000000)
    c *= 3.0f;
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 404, i32 4, %"dx.types.MatrixRef"* [[C]], float 0x4010000000000000)
    c /= 4.0f;

    // An integer scalar gives the .i32 overload; a run-time (wave-uniform)
    // value is passed as is.
    // CHECK: [[U:%"\.[0-9]+"]] = call i32 @"dx.op.waveReadLaneFirst.i32"(i32 118, i32 %{{.*}})
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.i32"(i32 404, i32 3, %"dx.types.MatrixRef"* [[C]], i32 [[U]])
    c *= WaveReadLaneFirst(gi);

    // CHECK: [[H:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 16, i32 0, i32 2)
    // CHECK: call void @"dx.op.matrixElementwiseBinaryOp.f16"(i32 404, i32 1, %"dx.types.MatrixRef"* [[H]], half 0x3ff0000000000000)
    HA h = HA::Splat((half)0.0);
    h += (half)1.0;

    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// CHECK-DAG: declare void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 %".1", i32 %".2", %"dx.types.MatrixRef"* %".3", float %".4") nounwind
// CHECK-DAG: declare void @"dx.op.matrixElementwiseBinaryOp.i32"(i32 %".1", i32 %".2", %"dx.types.MatrixRef"* %".3", i32 %".4") nounwind
// CHECK-DAG: declare void @"dx.op.matrixElementwiseBinaryOp.f16"(i32 %".1", i32 %".2", %"dx.types.MatrixRef"* %".3", half %".4") nounwind
