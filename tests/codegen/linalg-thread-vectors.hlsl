// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Matrix::FromThreadVectors (matrixLoadFromThreads.v<N><T>) and
// Matrix::GetThreadVector (matrixExtractToThreads.v<N><T>, index defaulting
// to 0).  An A matrix's vectors are MScalars long, a B matrix's NScalars;
// packed 8-bit types hold 4 elements per uint.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using MA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using MB = Matrix<MatrixComponentType::F32, 32, 8, MatrixUse::B, MatrixScope::Wave>;
using PA = Matrix<MatrixComponentType::PackedS8x32, 16, 16, MatrixUse::A, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: [[A:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 32, i32 0, i32 1)
    MA a = MA::Splat((half)0.0);
    vector<half, 16> v = (half)1.0;
    // CHECK: [[V:%"\.[0-9]+"]] = load <16 x half>, <16 x half>* %"v"
    // CHECK-NEXT: call void @"dx.op.matrixLoadFromThreads.v16f16"(i32 407, %"dx.types.MatrixRef"* [[A]], <16 x half> [[V]])
    a.FromThreadVectors(v);

    // CHECK-NEXT: [[R:%"vec[.0-9]*"]] = call <16 x half> @"dx.op.matrixExtractToThreads.v16f16"(i32 410, %"dx.types.MatrixRef"* [[A]], i32 0)
    // CHECK-NEXT: store <16 x half> [[R]], <16 x half>* %"r"
    vector<half, 16> r = a.GetThreadVector();

    MB b = MB::Splat(0.0f);
    // CHECK: call <8 x float> @"dx.op.matrixExtractToThreads.v8f32"(i32 410, %"dx.types.MatrixRef"* %{{.*}}, i32 1)
    vector<float, 8> col = b.GetThreadVector(1);
    // CHECK: call void @"dx.op.matrixLoadFromThreads.v8f32"(i32 407, %"dx.types.MatrixRef"* %{{.*}}, <8 x float> %{{.*}})
    b.FromThreadVectors(col * 2.0f);

    // 16 packed 8-bit elements are 4 uints.
    PA p = PA::Splat(0u);
    // CHECK: call <4 x i32> @"dx.op.matrixExtractToThreads.v4i32"(i32 410, %"dx.types.MatrixRef"* %{{.*}}, i32 0)
    uint4 packed = p.GetThreadVector(0);
    // CHECK: call void @"dx.op.matrixLoadFromThreads.v4i32"(i32 407, %"dx.types.MatrixRef"* %{{.*}}, <4 x i32> %{{.*}})
    p.FromThreadVectors(packed);

    a.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

// CHECK-DAG: declare void @"dx.op.matrixLoadFromThreads.v16f16"(i32 %".1", %"dx.types.MatrixRef"* %".2", <16 x half> %".3") nounwind
// CHECK-DAG: declare <16 x half> @"dx.op.matrixExtractToThreads.v16f16"(i32 %".1", %"dx.types.MatrixRef"* %".2", i32 %".3") nounwind
