// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// OuterProduct<OutTy, Scope>(a, b): matrixOuterProduct.v<M><T>.v<N><T>
// (component type, M, N, scope, a, b) returns a new accumulator; no
// createMatrix and no matrixUses entry.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Grad : register(u0);

[numthreads(32, 1, 1)]
void main()
{
    vector<float, 32> h = 1.0f;
    vector<float, 8> dy = 2.0f;

    // CHECK-NOT: createMatrix
    // CHECK: [[H:%"\.[0-9]+"]] = load <32 x float>, <32 x float>* %"h"
    // CHECK-NEXT: [[DY:%"\.[0-9]+"]] = load <8 x float>, <8 x float>* %"dy"
    // CHECK-NEXT: [[G:%"outer[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.matrixOuterProduct.v32f32.v8f32"(i32 419, i32 9, i32 32, i32 8, i32 0, <32 x float> [[H]], <8 x float> [[DY]])
    // CHECK-NEXT: call void @"dx.op.matrixAccumulateToDescriptor"(i32 417, %"dx.types.MatrixRef"* [[G]],
    Matrix<MatrixComponentType::F32, 32, 8, MatrixUse::Accumulator, MatrixScope::Thread> g =
        OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(h, dy);
    g.Accumulate(Grad, 0, 0, MatrixLayout::OuterProductOptimal);

    // Wave scope (1), half vectors into an F16 (8) accumulator.
    vector<half, 16> p = (half)1.0;
    // CHECK: call %"dx.types.MatrixRef"* @"dx.op.matrixOuterProduct.v16f16.v16f16"(i32 419, i32 8, i32 16, i32 16, i32 1, <16 x half> %{{.*}}, <16 x half> %{{.*}})
    Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave> w =
        OuterProduct<MatrixComponentType::F16, MatrixScope::Wave>(p, p);
    w.Store(Grad, 4096, 32, MatrixLayout::RowMajor);
}

// CHECK-DAG: declare %"dx.types.MatrixRef"* @"dx.op.matrixOuterProduct.v32f32.v8f32"(i32 %".1", i32 %".2", i32 %".3", i32 %".4", i32 %".5", <32 x float> %".6", <8 x float> %".7") nounwind
// CHECK-DAG: declare %"dx.types.MatrixRef"* @"dx.op.matrixOuterProduct.v16f16.v16f16"(i32 %".1", i32 %".2", i32 %".3", i32 %".4", i32 %".5", <16 x half> %".6", <16 x half> %".7") nounwind
// CHECK-NOT: !dx.linalg.matrixUses
