// RUN: %hlslc --linalg-revision=dxc -T cs_6_10 -enable-16bit-types %s | FileCheck %s
// Thread-scope matrices and vectors of --linalg-revision=dxc: the matrix x
// vector forms (a plain vector is read as the matrix's component type, an
// InterpretedVector as its own), the bias forms (a vector converted to the
// result's component type first, a VectorRef loaded as packed scalars,
// converted and truncated), Convert, OuterProduct and the accumulations.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Model : register(t0);
RWByteAddressBuffer Grads : register(u0);

using W = Matrix<ComponentType::F16, 4, 8, MatrixUse::A, MatrixScope::Thread>;
using W8 = Matrix<ComponentType::I8, 4, 16, MatrixUse::A, MatrixScope::Thread>;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    // The layout is a template argument of the Thread-scope Load (an
    // opaque layout takes stride 0: DXC's validator says so).
    // CHECK: %[[W:[0-9]+]] = call %dx.types.LinAlgMatrixC8M4N8U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC8M4N8U0S0(i32 -2147483634, %dx.types.Handle %{{[0-9]+}}, i32 0, i32 0, i32 2, i32 128)
    W w = W::Load<MatrixLayout::MulOptimal>(Model, 0, 0);

    vector<half, 8> x = (half)id.x;
    // CHECK: %[[Y:[0-9]+]] = call <4 x float> @dx.op.linAlgMatVecMul.v4f32.mC8M4N8U0S0.v8f16(i32 -2147483623, %dx.types.LinAlgMatrixC8M4N8U0S0 %[[W]], i1 true, <8 x half> %{{[0-9]+}}, i32 8)  ; LinAlgMatVecMul(matrix,isOutputSigned,inputVector,interpretation)
    vector<float, 4> y = Multiply<float>(w, x);

    // An unsigned result: isOutputSigned false.
    // CHECK: call <4 x i32> @dx.op.linAlgMatVecMul.v4i32.mC8M4N8U0S0.v8f16(i32 -2147483623, %dx.types.LinAlgMatrixC8M4N8U0S0 %[[W]], i1 false,
    vector<uint, 4> yu = Multiply<uint>(w, x);

    // A vector bias of another component type is converted first (I32 -> F32).
    // CHECK: %[[BIAS:[0-9]+]] = call <4 x float> @dx.op.linAlgConvert.v4f32.v4i32(i32 -2147483618, <4 x i32> <i32 1, i32 2, i32 3, i32 4>, i32 4, i32 9)  ; LinAlgConvert(inputVector,inputInterpretation,outputInterpretation)
    // CHECK: call <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC8M4N8U0S0.v8f16.v4f32(i32 -2147483622, %dx.types.LinAlgMatrixC8M4N8U0S0 %[[W]], i1 true, <8 x half> %{{[0-9]+}}, i32 8, <4 x float> %[[BIAS]])  ; LinAlgMatVecMulAdd(matrix,isOutputSigned,inputVector,inputInterpretation,biasVector)
    vector<float, 4> z = MultiplyAdd<float>(w, x, vector<int, 4>(1, 2, 3, 4));

    // The same component type: no conversion.
    // CHECK-NOT: linAlgConvert.v4f32.v4f32
    // CHECK: call <4 x float> @dx.op.linAlgMatVecMulAdd.v4f32.mC8M4N8U0S0.v8f16.v4f32(i32 -2147483622, %dx.types.LinAlgMatrixC8M4N8U0S0 %[[W]], i1 true, <8 x half> %{{[0-9]+}}, i32 8, <4 x float> %[[Y]])
    vector<float, 4> z2 = MultiplyAdd<float>(w, x, y);

    // Packed 8-bit input: four components per uint, K = 16 is 4 uints.
    // CHECK: %[[W8:[0-9]+]] = call %dx.types.LinAlgMatrixC19M4N16U0S0 @dx.op.linAlgMatrixLoadFromDescriptor.mC19M4N16U0S0(i32 -2147483634, %dx.types.Handle %{{[0-9]+}}, i32 256, i32 0, i32 3, i32 128)
    W8 w8 = W8::Load<MatrixLayout::MulOptimalTranspose>(Model, 256, 0);
    vector<uint, 4> packed = uint4(id.x, id.y, id.z, 7);
    // CHECK: call <4 x i32> @dx.op.linAlgMatVecMul.v4i32.mC19M4N16U0S0.v4i32(i32 -2147483623, %dx.types.LinAlgMatrixC19M4N16U0S0 %[[W8]], i1 true, <4 x i32> %{{[0-9]+}}, i32 19)
    vector<int, 4> acts = Multiply<int>(w8, MakeInterpretedVector<ComponentType::I8>(packed));

    // A VectorRef bias: loaded as 4 half (8 bytes), no conversion needed.
    // CHECK: %[[RAW:[0-9]+]] = call %dx.types.ResRet.v4f16 @dx.op.rawBufferVectorLoad.v4f16(i32 303, %dx.types.Handle %{{[0-9]+}}, i32 512, i32 undef, i32 2)  ; RawBufferVectorLoad(buf,index,elementOffset,alignment)
    // CHECK-NEXT: %[[RB:[0-9]+]] = extractvalue %dx.types.ResRet.v4f16 %[[RAW]], 0
    // CHECK-NEXT: call <4 x half> @dx.op.linAlgMatVecMulAdd.v4f16.mC8M4N8U0S0.v8f16.v4f16(i32 -2147483622, %dx.types.LinAlgMatrixC8M4N8U0S0 %[[W]], i1 true, <8 x half> %{{[0-9]+}}, i32 8, <4 x half> %[[RB]])
    VectorRef<ComponentType::F16, 4> biasRef = {Model, 512};
    vector<half, 4> h = MultiplyAdd<half>(w, x, biasRef);

    // Convert between interpretations (F16 -> F8_E4M3FN: 8 halves in 2 uints);
    // converting to the same one is no operation.
    // CHECK: call <2 x i32> @dx.op.linAlgConvert.v2i32.v8f16(i32 -2147483618, <8 x half> %{{[0-9]+}}, i32 8, i32 21)
    InterpretedVector<uint, 2, ComponentType::F8_E4M3FN> fp8 = Convert<ComponentType::F8_E4M3FN, ComponentType::F16>(x);
    InterpretedVector<half, 8, ComponentType::F16> same = Convert<ComponentType::F16, ComponentType::F16>(x);

    // Outer product to a Thread-scope accumulator, added into memory with
    // the OuterProductOptimal layout; a vector added into memory.
    // CHECK: %[[OP:[0-9]+]] = call %dx.types.LinAlgMatrixC8M4N8U2S0 @dx.op.linAlgMatrixOuterProduct.mC8M4N8U2S0.v4f16.v8f16(i32 -2147483619, <4 x half> %{{[0-9]+}}, <8 x half> %{{[0-9]+}})  ; LinAlgMatrixOuterProduct(vectorA,vectorB)
    // CHECK: call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC8M4N8U2S0(i32 -2147483621, %dx.types.LinAlgMatrixC8M4N8U2S0 %[[OP]], %dx.types.Handle %{{[0-9]+}}, i32 1024, i32 0, i32 4, i32 128)
    Matrix<ComponentType::F16, 4, 8, MatrixUse::Accumulator, MatrixScope::Thread> g = OuterProduct<ComponentType::F16>(h, x);
    g.InterlockedAccumulate(Grads, 1024);
    // CHECK: call void @dx.op.linAlgVectorAccumulateToDescriptor.v4f32(i32 -2147483617, %dx.types.Handle %{{[0-9]+}}, i32 2048, i32 64, <4 x float> %{{[0-9]+}})  ; LinAlgVectorAccumulateToDescriptor(handle,offset,align,vector)
    InterlockedAccumulate(Grads, 2048, z + z2);

    // CHECK: call i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32 -2147483626)  ; LinAlgMatrixQueryAccumulatorLayout()
    MatrixUseEnum layout = AccumulatorLayout();
    Grads.Store(0, (uint)layout + yu.x + (uint)acts.y + fp8.Data.x + (uint)same.Data.x);
}
