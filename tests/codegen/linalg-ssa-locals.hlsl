// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// A matrix variable that no statement assigns after its declaration lives in
// its handle value (as after LLVM's mem2reg); one that is assigned, here in a
// loop after being read, keeps its alloca, and every read in the loop loads
// the current handle.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

// CHECK-LABEL: define void @"main"()
// CHECK: %"acc" = alloca %"dx.types.MatrixRef"*
// CHECK-NOT: %"fixed" = alloca
[numthreads(32, 1, 1)]
void main()
{
    // CHECK: [[FIXED:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"
    MC fixed = MC::Splat(2.0f);
    // CHECK: [[FIRST:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"
    // CHECK: store %"dx.types.MatrixRef"* [[FIRST]], %"dx.types.MatrixRef"** %"acc"
    MC acc = MC::Splat(0.0f);
    for (uint k = 0; k < 4; ++k) {
        // CHECK: loop.body:
        // CHECK-NEXT: [[CUR:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"acc"
        // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[CUR]],
        acc.Store(Out, k * 1024, 64, MatrixLayout::RowMajor);
        // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[FIXED]],
        fixed.Store(Out, 4096 + k * 1024, 64, MatrixLayout::RowMajor);
        // CHECK: [[NEXT:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"
        // CHECK: store %"dx.types.MatrixRef"* [[NEXT]], %"dx.types.MatrixRef"** %"acc"
        acc = MC::Splat(1.0f);
    }
}
