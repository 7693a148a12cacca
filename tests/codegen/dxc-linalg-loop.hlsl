// RUN: %hlslc --linalg-revision=dxc -T cs_6_10 -enable-16bit-types %s | FileCheck %s
// A K loop of --linalg-revision=dxc: the accumulator is a value carried by
// a phi from one MultiplyAccumulate to the next, as in DXC's output; the
// groupshared tiles are loaded at offsets the loop computes.

#include <dx/linalg.h>
using namespace dx::linalg;

#define K 128
using TileA = Matrix<ComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using TileB = Matrix<ComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::Wave>;
using Acc = Matrix<ComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

groupshared half As[16 * K];
groupshared half Bs[K * 16];
RWByteAddressBuffer C : register(u0);

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: %[[ZERO:[0-9]+]] = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 0.000000e+00)
    // CHECK-NEXT: br label %[[HEAD:[0-9]+]]
    Acc acc = Acc::Splat(0.0f);
    // CHECK: ; <label>:[[HEAD]]
    // CHECK-DAG: %[[ACC:[0-9]+]] = phi %dx.types.LinAlgMatrixC9M16N16U2S1 [ %[[ZERO]], %{{[0-9]+}} ], [ %[[NEXT:[0-9]+]], %{{[0-9]+}} ]
    // CHECK-DAG: %[[K:[0-9]+]] = phi i32 [ 0, %{{[0-9]+}} ], [ %{{[0-9]+}}, %{{[0-9]+}} ]
    for (uint k = 0; k < K; k += 32) {
        // CHECK: %[[A:[0-9]+]] = call %dx.types.LinAlgMatrixC8M16N32U0S1 @dx.op.linAlgMatrixLoadFromMemory.mC8M16N32U0S1.f16(i32 -2147483633, half addrspace(3)* getelementptr inbounds ([2048 x half], [2048 x half] addrspace(3)* @"\01?As@@3PA$f16@A", i32 0, i32 0), i32 %[[K]], i32 128, i32 0)
        // CHECK: %[[B:[0-9]+]] = call %dx.types.LinAlgMatrixC8M32N16U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC8M32N16U1S1.f16(
        // CHECK: %[[NEXT]] = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M16N16U2S1.mC8M16N32U0S1.mC8M32N16U1S1.mC9M16N16U2S1(i32 -2147483637, %dx.types.LinAlgMatrixC8M16N32U0S1 %[[A]], %dx.types.LinAlgMatrixC8M32N16U1S1 %[[B]], %dx.types.LinAlgMatrixC9M16N16U2S1 %[[ACC]])
        TileA a = TileA::Load(As, k, K, MatrixLayout::RowMajor);
        TileB b = TileB::Load(Bs, k * 16, 16, MatrixLayout::RowMajor);
        acc.MultiplyAccumulate(a, b);
    }
    // CHECK: call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M16N16U2S1 %[[ACC]],
    acc.Store(C, 0, 64, MatrixLayout::RowMajor);
}
