// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// MultiplyAdd<OutTy>(vector, B, bias):
// matvecmuladd.v<No><To>.v<Ni><Ti>(input, matrix, bias), the bias of the
// result vector's type; a matrixUses entry like matvecmul's.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Weights : register(t0);
RWByteAddressBuffer Out : register(u0);

using W = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: [[W:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"
    W w = W::Load(Weights, 0, 32, MatrixLayout::RowMajor);
    vector<float, 32> x = 1.0f;
    vector<float, 16> bias = 0.5f;

    // CHECK: [[X:%"\.[0-9]+"]] = load <32 x float>, <32 x float>* %"x"
    // CHECK-NEXT: [[B:%"\.[0-9]+"]] = load <16 x float>, <16 x float>* %"bias"
    // CHECK-NEXT: [[Y:%"mva[.0-9]*"]] = call <16 x float> @"dx.op.matvecmuladd.v16f32.v32f32"(i32 416, <32 x float> [[X]], %"dx.types.MatrixRef"* [[W]], <16 x float> [[B]])
    // CHECK-NEXT: store <16 x float> [[Y]], <16 x float>* %"y"
    vector<float, 16> y = MultiplyAdd<float>(x, w, bias);

    Out.Store<float4>(0, y.xyzw);
}

// CHECK: declare <16 x float> @"dx.op.matvecmuladd.v16f32.v32f32"(i32 %".1", <32 x float> %".2", %"dx.types.MatrixRef"* %".3", <16 x float> %".4") nounwind readonly
// CHECK: !dx.linalg.matrixUses = !{ [[U:![0-9]+]] }
// CHECK: [[U]] = !{ i32 1, i32 16, i32 32, i32 1, i32 8, i32 9 }
