// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Multiply<OutTy>(vector, B): matvecmul.v<No><To>.v<Ni><Ti>(input, matrix),
// readonly; the matrixUses entry is {1, result length, input length, scope,
// matrix component type, result component type}.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Weights : register(t0);
RWByteAddressBuffer Out : register(u0);

using W = Matrix<MatrixComponentType::F16, 16, 8, MatrixUse::B, MatrixScope::Thread>;

[numthreads(64, 1, 1)]
void main()
{
    // CHECK: [[W:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"
    W w = W::Load(Weights, 0, 16, MatrixLayout::RowMajor);
    vector<half, 16> x = (half)1.0;

    // CHECK: [[X:%"\.[0-9]+"]] = load <16 x half>, <16 x half>* %"x"
    // CHECK-NEXT: [[Y:%"mv[.0-9]*"]] = call <8 x float> @"dx.op.matvecmul.v8f32.v16f16"(i32 415, <16 x half> [[X]], %"dx.types.MatrixRef"* [[W]])
    // CHECK-NEXT: store <8 x float> [[Y]], <8 x float>* %"y"
    vector<float, 8> y = Multiply<float>(x, w);

    // An integer result type changes the first suffix and the use's result type (I32 = 4).
    // CHECK: call <8 x i32> @"dx.op.matvecmul.v8i32.v16f16"(i32 415, <16 x half> %{{.*}}, %"dx.types.MatrixRef"* %{{.*}})
    vector<int, 8> yi = Multiply<int>(x, w);

    Out.Store<float4>(0, y.xyzw);
    Out.Store(16, yi.x);
}

// CHECK-DAG: declare <8 x float> @"dx.op.matvecmul.v8f32.v16f16"(i32 %".1", <16 x half> %".2", %"dx.types.MatrixRef"* %".3") nounwind readonly
// CHECK-DAG: declare <8 x i32> @"dx.op.matvecmul.v8i32.v16f16"(i32 %".1", <16 x half> %".2", %"dx.types.MatrixRef"* %".3") nounwind readonly
// CHECK: !dx.linalg.matrixUses = !{ [[U1:![0-9]+]], [[U2:![0-9]+]] }
// CHECK-DAG: [[U1]] = !{ i32 1, i32 8, i32 16, i32 0, i32 8, i32 9 }
// CHECK-DAG: [[U2]] = !{ i32 1, i32 8, i32 16, i32 0, i32 8, i32 4 }
