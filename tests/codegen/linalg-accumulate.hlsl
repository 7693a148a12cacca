// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Matrix::Accumulate (memory += matrix) to a RWByteAddressBuffer
// (matrixAccumulateToDescriptor) and to groupshared memory
// (matrixAccumulateToMemory.p3<T>); a Thread-scope accumulator reaches memory
// only this way, with MatrixLayout::OuterProductOptimal (3) and stride 0.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Grad : register(u1);
groupshared float Sum[16 * 16];

using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using TC = Matrix<MatrixComponentType::F32, 8, 4, MatrixUse::Accumulator, MatrixScope::Thread>;

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: [[G:%"Grad[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Grad", %"dx.types.ResourceProperties" {i32 4107, i32 0})
    // A matrix variable never reassigned is its handle: no alloca, no loads.
    // CHECK-NOT: alloca %"dx.types.MatrixRef"*
    // CHECK: [[C:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    MC c = MC::Splat(1.0f);

    // CHECK: call void @"dx.op.matrixAccumulateToDescriptor"(i32 417, %"dx.types.MatrixRef"* [[C]], %"dx.types.Handle" [[G]], i32 1024, i32 64, i32 0)
    c.Accumulate(Grad, 1024, 64, MatrixLayout::RowMajor);

    // CHECK-NEXT: [[P:%"\.[0-9]+"]] = getelementptr [256 x float], [256 x float] addrspace(3)* @"Sum", i32 0, i32 0
    // CHECK-NEXT: call void @"dx.op.matrixAccumulateToMemory.p3f32"(i32 418, %"dx.types.MatrixRef"* [[C]], float addrspace(3)* [[P]], i32 0, i32 16, i32 1)
    c.Accumulate(Sum, 0, 16, MatrixLayout::ColMajor);

    vector<float, 8> x = 1.0f;
    vector<float, 4> y = 2.0f;
    TC t = OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(x, y);
    // CHECK: [[T:%"outer[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.matrixOuterProduct.v8f32.v4f32"
    // CHECK-NEXT: call void @"dx.op.matrixAccumulateToDescriptor"(i32 417, %"dx.types.MatrixRef"* [[T]], %"dx.types.Handle" [[G]], i32 4096, i32 0, i32 3)
    t.Accumulate(Grad, 4096, 0, MatrixLayout::OuterProductOptimal);
}

// CHECK-DAG: declare void @"dx.op.matrixAccumulateToDescriptor"(i32 %".1", %"dx.types.MatrixRef"* %".2", %"dx.types.Handle" %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
// CHECK-DAG: declare void @"dx.op.matrixAccumulateToMemory.p3f32"(i32 %".1", %"dx.types.MatrixRef"* %".2", float addrspace(3)* %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
