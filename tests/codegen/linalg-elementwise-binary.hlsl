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
    MC c = MC::Splat(1.0f);

    // CHECK: [[M1:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 404, i32 1, %"dx.types.MatrixRef"* [[M1]], float 0x4000000000000000)
    c += 2.0f;
    // CHECK: [[M2:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 404, i32 2, %"dx.types.MatrixRef"* [[M2]], float 0x3fe0000000000000)
    c -= 0.5f;
    // CHECK: [[M3:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 404, i32 3, %"dx.types.MatrixRef"* [[M3]], float 0x4008000000000000)
    c *= 3.0f;
    // CHECK: [[M4:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 404, i32 4, %"dx.types.MatrixRef"* [[M4]], float 0x4010000000000000)
    c /= 4.0f;

    // An integer scalar gives the .i32 overload; a run-time (wave-uniform)
    // value is passed as is.
    // CHECK: [[M5:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK: [[U:%"\.[0-9]+"]] = call i32 @"dx.op.waveReadLaneFirst.i32"(i32 118, i32 %{{.*}})
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.i32"(i32 404, i32 3, %"dx.types.MatrixRef"* [[M5]], i32 [[U]])
    c *= WaveReadLaneFirst(gi);

    // CHECK: [[M6:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"h"
    // CHECK-NEXT: call void @"dx.op.matrixElementwiseBinaryOp.f16"(i32 404, i32 1, %"dx.types.MatrixRef"* [[M6]], half 0x3ff0000000000000)
    HA h = HA::Splat((half)0.0);
    h += (half)1.0;

    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// CHECK-DAG: declare void @"dx.op.matrixElementwiseBinaryOp.f32"(i32 %".1", i32 %".2", %"dx.types.MatrixRef"* %".3", float %".4") nounwind
// CHECK-DAG: declare void @"dx.op.matrixElementwiseBinaryOp.i32"(i32 %".1", i32 %".2", %"dx.types.MatrixRef"* %".3", i32 %".4") nounwind
// CHECK-DAG: declare void @"dx.op.matrixElementwiseBinaryOp.f16"(i32 %".1", i32 %".2", %"dx.types.MatrixRef"* %".3", half %".4") nounwind
