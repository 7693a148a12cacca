// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Matrix::Store to a RWByteAddressBuffer (matrixStoreToDescriptor) and to a
// groupshared array (matrixStoreToMemory.p3<T>): the matrix first, then the
// destination, offset, stride and layout.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u2);
groupshared float Tile[16 * 16];

using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: [[OUT:%"Out[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Out", %"dx.types.ResourceProperties" {i32 4107, i32 0})
    // CHECK: [[C:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    MC c = MC::Splat(0.0f);

    // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[C]], %"dx.types.Handle" [[OUT]], i32 128, i32 64, i32 0)
    c.Store(Out, 2 * 64, 16 * 4, MatrixLayout::RowMajor);

    // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[C]], %"dx.types.Handle" [[OUT]], i32 0, i32 64, i32 1)
    c.Store(Out, 0, 64, MatrixLayout::ColMajor, 16);

    // CHECK: [[P:%"\.[0-9]+"]] = getelementptr [256 x float], [256 x float] addrspace(3)* @"Tile", i32 0, i32 0
    // CHECK-NEXT: call void @"dx.op.matrixStoreToMemory.p3f32"(i32 409, %"dx.types.MatrixRef"* [[C]], float addrspace(3)* [[P]], i32 0, i32 16, i32 0)
    c.Store(Tile, 0, 16, MatrixLayout::RowMajor);
}

// CHECK-DAG: declare void @"dx.op.matrixStoreToDescriptor"(i32 %".1", %"dx.types.MatrixRef"* %".2", %"dx.types.Handle" %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
// CHECK-DAG: declare void @"dx.op.matrixStoreToMemory.p3f32"(i32 %".1", %"dx.types.MatrixRef"* %".2", float addrspace(3)* %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
// CHECK-DAG: @"Tile" = internal addrspace(3) global [256 x float] undef
