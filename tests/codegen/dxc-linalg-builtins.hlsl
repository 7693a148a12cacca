// RUN: %hlslc --linalg-revision=dxc -T cs_6_10 -HV 202x %s | FileCheck %s
// DXC's __builtin_LinAlg_* built-ins called directly (--linalg-revision=dxc):
// each is one dx.op.linAlg* operation; an out or ref argument receives the
// operation's result; the overload follows the argument types (a float
// element read from an I32 matrix is .f32), as DXC's does.

using Acc = __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(4, 8, 8, 2, 2)]];
typedef __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(4, 8, 4, 0, 2)]] MatA;
typedef __builtin_LinAlgMatrix [[__LinAlgMatrix_Attributes(4, 4, 8, 1, 2)]] MatB;

RWByteAddressBuffer Buf : register(u2);
groupshared int Shared[256];
groupshared double2 Shared2[16];

// A groupshared parameter is the caller's array (HLSL 202x).
void FromShared(groupshared int Arr[256], out Acc m) {
    __builtin_LinAlg_MatrixLoadFromMemory(m, Arr, 32, 8, 1);
}

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    Acc acc;
    MatA a;
    MatB b;
    // CHECK: %[[A:[0-9]+]] = call %dx.types.LinAlgMatrixC4M8N4U0S2 @dx.op.linAlgFillMatrix.mC4M8N4U0S2.i64(i32 -2147483636, i64 -3)
    __builtin_LinAlg_FillMatrix(a, (int64_t)-3);
    // CHECK: %[[B:[0-9]+]] = call %dx.types.LinAlgMatrixC4M4N8U1S2 @dx.op.linAlgFillMatrix.mC4M4N8U1S2.f64(i32 -2147483636, double 1.250000e-01)
    __builtin_LinAlg_FillMatrix(b, 0.125l);
    // CHECK: %[[C:[0-9]+]] = call %dx.types.LinAlgMatrixC4M8N8U2S2 @dx.op.linAlgMatrixMultiply.mC4M8N8U2S2.mC4M8N4U0S2.mC4M4N8U1S2(i32 -2147483625, %dx.types.LinAlgMatrixC4M8N4U0S2 %[[A]], %dx.types.LinAlgMatrixC4M4N8U1S2 %[[B]])
    __builtin_LinAlg_MatrixMatrixMultiply(acc, a, b);
    // CHECK: %[[C2:[0-9]+]] = call %dx.types.LinAlgMatrixC4M8N8U2S2 @dx.op.linAlgMatrixMultiplyAccumulate.mC4M8N8U2S2.mC4M8N4U0S2.mC4M4N8U1S2.mC4M8N8U2S2(i32 -2147483637, %dx.types.LinAlgMatrixC4M8N4U0S2 %[[A]], %dx.types.LinAlgMatrixC4M4N8U1S2 %[[B]], %dx.types.LinAlgMatrixC4M8N8U2S2 %[[C]])
    __builtin_LinAlg_MatrixMatrixMultiplyAccumulate(acc, a, b, acc);
    // CHECK: %[[F:[0-9]+]] = call float @dx.op.linAlgMatrixGetElement.f32.mC4M8N8U2S2(i32 -2147483630, %dx.types.LinAlgMatrixC4M8N8U2S2 %[[C2]], i32 %{{[0-9]+}})
    float f;
    __builtin_LinAlg_MatrixGetElement(f, acc, gi);
    // CHECK: %[[C3:[0-9]+]] = call %dx.types.LinAlgMatrixC4M8N8U2S2 @dx.op.linAlgMatrixSetElement.mC4M8N8U2S2.mC4M8N8U2S2.f32(i32 -2147483629, %dx.types.LinAlgMatrixC4M8N8U2S2 %[[C2]], i32 0, float %[[F]])
    __builtin_LinAlg_MatrixSetElement(acc, acc, 0, f);
    // CHECK: %[[C4:[0-9]+]] = call %dx.types.LinAlgMatrixC4M8N8U2S2 @dx.op.linAlgMatrixLoadFromMemory.mC4M8N8U2S2.i32(i32 -2147483633, i32 addrspace(3)* getelementptr inbounds ([256 x i32], [256 x i32] addrspace(3)* @"\01?Shared@@3PAHA", i32 0, i32 0), i32 32, i32 8, i32 1)
    FromShared(Shared, acc);
    // CHECK: call void @dx.op.linAlgMatrixStoreToMemory.mC4M8N8U2S2.v2f64(i32 -2147483627, %dx.types.LinAlgMatrixC4M8N8U2S2 %[[C4]], <2 x double> addrspace(3)* getelementptr inbounds ([16 x <2 x double>], [16 x <2 x double>] addrspace(3)* @"\01?Shared2@@3PAV?$vector@N$01@@A", i32 0, i32 0), i32 0, i32 2, i32 0)
    __builtin_LinAlg_MatrixStoreToMemory(acc, Shared2, 0, 2, 0);
    // CHECK: call void @dx.op.linAlgMatrixAccumulateToMemory.mC4M8N8U2S2.i32(i32 -2147483620, %dx.types.LinAlgMatrixC4M8N8U2S2 %[[C4]], i32 addrspace(3)* getelementptr inbounds ([256 x i32], [256 x i32] addrspace(3)* @"\01?Shared@@3PAHA", i32 0, i32 0), i32 4, i32 0, i32 8, i32 1)
    __builtin_LinAlg_MatrixAccumulateToMemory(acc, Shared, 4, 0, 8, 1);
    // CHECK: %[[L:[0-9]+]] = call i32 @dx.op.linAlgMatrixQueryAccumulatorLayout(i32 -2147483626)
    uint layout = __builtin_LinAlg_MatrixQueryAccumulatorLayout();
    // Values the program computes pass through as they are.
    // CHECK: %[[OFF:[0-9]+]] = mul i32 %{{[0-9]+}}, 4
    // CHECK: call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC4M8N8U2S2(i32 -2147483621, %dx.types.LinAlgMatrixC4M8N8U2S2 %[[C4]], %dx.types.Handle %{{[0-9]+}}, i32 %[[OFF]], i32 0, i32 1, i32 128)
    __builtin_LinAlg_MatrixAccumulateToDescriptor(acc, Buf, gi * 4, 0, 1, 128);
    // CHECK: call void @dx.op.linAlgVectorAccumulateToDescriptor.v3i32(i32 -2147483617, %dx.types.Handle %{{[0-9]+}}, i32 16, i32 64, <3 x i32> <i32 1, i32 2, i32 3>)
    __builtin_LinAlg_VectorAccumulateToDescriptor(Buf, 16, 64, int3(1, 2, 3));
    Buf.Store(0, layout);
}
