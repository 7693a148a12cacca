// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Matrix::Load from a groupshared array: matrixLoadFromMemory.p3<T>, whose
// array operand is an addrspace(3) pointer to the array's first element.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

groupshared half TileH[512];
groupshared float TileF[256];

using MA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main()
{
    // CHECK-LABEL: define void @"main"()
    // CHECK: [[A:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 16, i32 0, i32 1)
    // CHECK-NEXT: [[P:%"\.[0-9]+"]] = getelementptr [512 x half], [512 x half] addrspace(3)* @"TileH", i32 0, i32 0
    // CHECK-NEXT: call void @"dx.op.matrixLoadFromMemory.p3f16"(i32 406, %"dx.types.MatrixRef"* [[A]], half addrspace(3)* [[P]], i32 16, i32 32, i32 0)
    MA a = MA::Load(TileH, 16, 32, MatrixLayout::RowMajor);

    // CHECK: [[C:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    // CHECK-NEXT: [[Q:%"\.[0-9]+"]] = getelementptr [256 x float], [256 x float] addrspace(3)* @"TileF", i32 0, i32 0
    // CHECK-NEXT: call void @"dx.op.matrixLoadFromMemory.p3f32"(i32 406, %"dx.types.MatrixRef"* [[C]], float addrspace(3)* [[Q]], i32 0, i32 16, i32 1)
    MC c = MC::Load(TileF, 0, 16, MatrixLayout::ColMajor);

    c.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// CHECK-DAG: @"TileH" = internal addrspace(3) global [512 x half] undef
// CHECK-DAG: @"TileF" = internal addrspace(3) global [256 x float] undef
// CHECK-DAG: declare void @"dx.op.matrixLoadFromMemory.p3f16"(i32 %".1", %"dx.types.MatrixRef"* %".2", half addrspace(3)* %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
// CHECK-DAG: declare void @"dx.op.matrixLoadFromMemory.p3f32"(i32 %".1", %"dx.types.MatrixRef"* %".2", float addrspace(3)* %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
