// RUN: %hlslc --linalg-revision=dxc -T cs_6_10 %s | FileCheck %s
// Matrix x matrix of --linalg-revision=dxc, Wave and ThreadGroup scope: the
// form naming the result's component type and the one sharing it.  The
// F16 matrix is filled with a float value (no -enable-16bit-types: the
// value keeps the argument's type, as DXC's).

#include <dx/linalg.h>
using namespace dx::linalg;

template <ComponentEnum C, MatrixScopeEnum S>
struct Shapes {
    using A = Matrix<C, 4, 8, MatrixUse::A, S>;
    using B = Matrix<C, 8, 2, MatrixUse::B, S>;
};

RWByteAddressBuffer Out : register(u0);

[numthreads(64, 1, 1)]
void main()
{
    // CHECK: %[[WA:[0-9]+]] = call %dx.types.LinAlgMatrixC8M4N8U0S1 @dx.op.linAlgFillMatrix.mC8M4N8U0S1.f32(i32 -2147483636, float 2.500000e-01)
    // CHECK: %[[WB:[0-9]+]] = call %dx.types.LinAlgMatrixC8M8N2U1S1 @dx.op.linAlgFillMatrix.mC8M8N2U1S1.f32(i32 -2147483636, float -1.500000e+00)
    Shapes<ComponentType::F16, MatrixScope::Wave>::A wa = Shapes<ComponentType::F16, MatrixScope::Wave>::A::Splat(0.25f);
    Shapes<ComponentType::F16, MatrixScope::Wave>::B wb = Shapes<ComponentType::F16, MatrixScope::Wave>::B::Splat(-1.5f);

    // CHECK: %[[WC:[0-9]+]] = call %dx.types.LinAlgMatrixC9M4N2U2S1 @dx.op.linAlgMatrixMultiply.mC9M4N2U2S1.mC8M4N8U0S1.mC8M8N2U1S1(i32 -2147483625, %dx.types.LinAlgMatrixC8M4N8U0S1 %[[WA]], %dx.types.LinAlgMatrixC8M8N2U1S1 %[[WB]])  ; LinAlgMatrixMultiply(matrixA,matrixB)
    Matrix<ComponentType::F32, 4, 2, MatrixUse::Accumulator, MatrixScope::Wave> wc = Multiply<ComponentType::F32>(wa, wb);

    // CHECK: %[[TA:[0-9]+]] = call %dx.types.LinAlgMatrixC5M4N8U0S2 @dx.op.linAlgFillMatrix.mC5M4N8U0S2.i32(i32 -2147483636, i32 7)
    // CHECK: %[[TB:[0-9]+]] = call %dx.types.LinAlgMatrixC5M8N2U1S2 @dx.op.linAlgFillMatrix.mC5M8N2U1S2.i32(i32 -2147483636, i32 9)
    // CHECK: %[[TC:[0-9]+]] = call %dx.types.LinAlgMatrixC5M4N2U2S2 @dx.op.linAlgMatrixMultiply.mC5M4N2U2S2.mC5M4N8U0S2.mC5M8N2U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC5M4N8U0S2 %[[TA]], %dx.types.LinAlgMatrixC5M8N2U1S2 %[[TB]])
    Shapes<ComponentType::U32, MatrixScope::ThreadGroup>::A ta = Shapes<ComponentType::U32, MatrixScope::ThreadGroup>::A::Splat(7u);
    Shapes<ComponentType::U32, MatrixScope::ThreadGroup>::B tb = Shapes<ComponentType::U32, MatrixScope::ThreadGroup>::B::Splat(9u);
    Matrix<ComponentType::U32, 4, 2, MatrixUse::Accumulator, MatrixScope::ThreadGroup> tc = Multiply(ta, tb);

    // CHECK: call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M4N2U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M4N2U2S1 %[[WC]],
    // CHECK: call void @dx.op.linAlgMatrixStoreToDescriptor.mC5M4N2U2S2(i32 -2147483628, %dx.types.LinAlgMatrixC5M4N2U2S2 %[[TC]],
    wc.Store(Out, 0, 8, MatrixLayout::RowMajor);
    tc.Store(Out, 64, 8, MatrixLayout::RowMajor);
}
