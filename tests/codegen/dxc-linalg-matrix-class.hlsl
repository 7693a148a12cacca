// RUN: %hlslc --linalg-revision=dxc -T cs_6_10 %s | FileCheck %s
// The Wave-scope Matrix class of --linalg-revision=dxc: each method is
// inlined down to one dx.op.linAlg* call on matrix values (SSA, no allocas),
// with DXC's experimental opcodes, overload suffixes and comments.

// The groupshared globals as DXC declares them.
// CHECK-DAG: @"\01?Tile@@3PAMA" = external addrspace(3) global [512 x float], align 4
// CHECK-DAG: @"\01?Tile4@@3PAV?$vector@M$03@@A" = external addrspace(3) global [128 x <4 x float>], align 4
// CHECK-DAG: @"\01?Bytes@@3PA$ui8_4pk@A" = external addrspace(3) global [128 x i32], align 4

#include <dx/linalg.h>
using namespace dx::linalg;

using A8x16 = Matrix<ComponentType::F32, 8, 16, MatrixUse::A, MatrixScope::Wave>;
using B16x8 = Matrix<ComponentType::F32, 16, 8, MatrixUse::B, MatrixScope::Wave>;
using Acc8x8 = Matrix<ComponentType::F32, 8, 8, MatrixUse::Accumulator, MatrixScope::Wave>;

ByteAddressBuffer Weights : register(t3);
RWByteAddressBuffer Results : register(u1);
groupshared float Tile[512];
groupshared float4 Tile4[128];
groupshared uint8_t4_packed Bytes[128];

[numthreads(32, 1, 1)]
void main(uint tid : SV_GroupIndex)
{
    // CHECK-LABEL: define void @main() {
    // CHECK: %[[TID:[0-9]+]] = call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)

    // CHECK: %[[ACC:[0-9]+]] = call %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgFillMatrix.mC9M8N8U2S1.f32(i32 -2147483636, float 5.000000e-01)  ; LinAlgFillMatrix(value)
    Acc8x8 acc = Acc8x8::Splat(0.5f);

    // An int literal keeps its own type: the .i32 overload.
    // CHECK: call %dx.types.LinAlgMatrixC9M8N16U0S1 @dx.op.linAlgFillMatrix.mC9M8N16U0S1.i32(i32 -2147483636, i32 3)
    A8x16 three = A8x16::Splat(3);

    // CHECK: %[[A:[0-9]+]] = call %dx.types.LinAlgMatrixC9M8N16U0S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M8N16U0S1(i32 -2147483634, %dx.types.Handle %{{[0-9]+}}, i32 64, i32 64, i32 0, i32 128)  ; LinAlgMatrixLoadFromDescriptor(handle,offset,stride,layout,align)
    A8x16 a = A8x16::Load(Weights, 64, 64, MatrixLayout::RowMajor);

    // Align is a template argument.
    // CHECK: %[[B:[0-9]+]] = call %dx.types.LinAlgMatrixC9M16N8U1S1 @dx.op.linAlgMatrixLoadFromDescriptor.mC9M16N8U1S1(i32 -2147483634, %dx.types.Handle %{{[0-9]+}}, i32 0, i32 32, i32 1, i32 256)
    B16x8 b = B16x8::Load<256>(Results, 0, 32, MatrixLayout::ColMajor);

    // Groupshared arrays: a constant GEP to element 0 of DXC's global.
    // CHECK: call %dx.types.LinAlgMatrixC9M16N8U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N8U1S1.f32(i32 -2147483633, float addrspace(3)* getelementptr inbounds ([512 x float], [512 x float] addrspace(3)* @"\01?Tile@@3PAMA", i32 0, i32 0), i32 8, i32 16, i32 0)  ; LinAlgMatrixLoadFromMemory(memory,offset,stride,layout)
    B16x8 fromTile = B16x8::Load(Tile, 8, 16, MatrixLayout::RowMajor);
    // CHECK: call %dx.types.LinAlgMatrixC9M16N8U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N8U1S1.v4f32(i32 -2147483633, <4 x float> addrspace(3)* getelementptr inbounds ([128 x <4 x float>], [128 x <4 x float>] addrspace(3)* @"\01?Tile4@@3PAV?$vector@M$03@@A", i32 0, i32 0), i32 0, i32 4, i32 1)
    B16x8 fromTile4 = B16x8::Load(Tile4, 0, 4, MatrixLayout::ColMajor);
    // CHECK: call %dx.types.LinAlgMatrixC9M16N8U1S1 @dx.op.linAlgMatrixLoadFromMemory.mC9M16N8U1S1.i32(i32 -2147483633, i32 addrspace(3)* getelementptr inbounds ([128 x i32], [128 x i32] addrspace(3)* @"\01?Bytes@@3PA$ui8_4pk@A", i32 0, i32 0)
    B16x8 fromBytes = B16x8::Load(Bytes, 0, 4, MatrixLayout::RowMajor);

    // Cast: another component type; transposed (8x16 -> 16x8) with its use.
    // CHECK: call %dx.types.LinAlgMatrixC4M8N16U0S1 @dx.op.linAlgCopyConvertMatrix.mC4M8N16U0S1.mC9M8N16U0S1(i32 -2147483635, %dx.types.LinAlgMatrixC9M8N16U0S1 %[[A]], i1 false)  ; LinAlgCopyConvertMatrix(srcMatrix,transpose)
    Matrix<ComponentType::I32, 8, 16, MatrixUse::A, MatrixScope::Wave> ai = a.Cast<ComponentType::I32>();
    // CHECK: call %dx.types.LinAlgMatrixC9M16N8U1S1 @dx.op.linAlgCopyConvertMatrix.mC9M16N8U1S1.mC9M8N16U0S1(i32 -2147483635, %dx.types.LinAlgMatrixC9M8N16U0S1 %[[A]], i1 true)
    B16x8 at = a.Cast<ComponentType::F32, MatrixUse::B, true>();

    // Element access; Set makes a new matrix value.
    // CHECK: call i32 @dx.op.linAlgMatrixLength.mC9M8N8U2S1(i32 -2147483632, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC]])  ; LinAlgMatrixLength(matrix)
    uint n = acc.Length();
    // CHECK: call <2 x i32> @dx.op.linAlgMatrixGetCoordinate.mC9M8N8U2S1(i32 -2147483631, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC]], i32 %[[TID]])
    uint2 rc = acc.GetCoordinate(tid);
    // CHECK: %[[E:[0-9]+]] = call float @dx.op.linAlgMatrixGetElement.f32.mC9M8N8U2S1(i32 -2147483630, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC]], i32 %[[TID]])  ; LinAlgMatrixGetElement(matrix,threadLocalIndex)
    // CHECK: %[[E2:[0-9]+]] = fmul float %[[E]], 2.000000e+00
    // CHECK: %[[ACC1:[0-9]+]] = call %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgMatrixSetElement.mC9M8N8U2S1.mC9M8N8U2S1.f32(i32 -2147483629, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC]], i32 %[[TID]], float %[[E2]])  ; LinAlgMatrixSetElement(matrix,threadLocalIndex,value)
    acc.Set(tid, acc.Get(tid) * 2.0f);

    // Accumulators: += A or B, += A * B, each a new value.
    // CHECK: %[[ACC2:[0-9]+]] = call %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgMatrixMultiplyAccumulate.mC9M8N8U2S1.mC9M8N16U0S1.mC9M16N8U1S1.mC9M8N8U2S1(i32 -2147483637, %dx.types.LinAlgMatrixC9M8N16U0S1 %[[A]], %dx.types.LinAlgMatrixC9M16N8U1S1 %[[B]], %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC1]])  ; LinAlgMatrixMultiplyAccumulate(matrixA,matrixB,matrixC)
    acc.MultiplyAccumulate(a, b);
    // CHECK: %[[ACC3:[0-9]+]] = call %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgMatrixAccumulate.mC9M8N8U2S1.mC9M8N8U2S1.mC9M8N8U0S1(i32 -2147483624, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC2]], %dx.types.LinAlgMatrixC9M8N8U0S1 %{{[0-9]+}})  ; LinAlgMatrixAccumulate(matrixLHS,matrixRHS)
    acc.Accumulate(Matrix<ComponentType::F32, 8, 8, MatrixUse::A, MatrixScope::Wave>::Splat(1.0f));

    // Stores and atomic accumulation to memory.
    // CHECK: call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M8N8U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC3]], %dx.types.Handle %{{[0-9]+}}, i32 4096, i32 32, i32 0, i32 128)  ; LinAlgMatrixStoreToDescriptor(matrix,handle,offset,stride,layout,align)
    acc.Store(Results, 4096, 32, MatrixLayout::RowMajor);
    // CHECK: call void @dx.op.linAlgMatrixStoreToMemory.mC9M8N8U2S1.f32(i32 -2147483627, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC3]], float addrspace(3)* getelementptr inbounds ([512 x float], [512 x float] addrspace(3)* @"\01?Tile@@3PAMA", i32 0, i32 0), i32 0, i32 8, i32 1)
    acc.Store(Tile, 0, 8, MatrixLayout::ColMajor);
    // CHECK: call void @dx.op.linAlgMatrixAccumulateToDescriptor.mC9M8N8U2S1(i32 -2147483621, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC3]], %dx.types.Handle %{{[0-9]+}}, i32 0, i32 32, i32 0, i32 128)  ; LinAlgMatrixAccumulateToDescriptor(matrix,handle,offset,stride,layout,align)
    acc.InterlockedAccumulate(Results, 0, 32, MatrixLayout::RowMajor);
    // The target type is the matrix's own (F32 = 9), or explicit for packed memory (U8 = 20).
    // CHECK: call void @dx.op.linAlgMatrixAccumulateToMemory.mC9M8N8U2S1.v4f32(i32 -2147483620, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC3]], <4 x float> addrspace(3)* getelementptr inbounds ([128 x <4 x float>], [128 x <4 x float>] addrspace(3)* @"\01?Tile4@@3PAV?$vector@M$03@@A", i32 0, i32 0), i32 9, i32 0, i32 2, i32 0)  ; LinAlgMatrixAccumulateToMemory(matrix,memory,targetType,offset,stride,layout)
    acc.InterlockedAccumulate(Tile4, 0, 2, MatrixLayout::RowMajor);
    // CHECK: call void @dx.op.linAlgMatrixAccumulateToMemory.mC9M8N8U2S1.i32(i32 -2147483620, %dx.types.LinAlgMatrixC9M8N8U2S1 %[[ACC3]], i32 addrspace(3)* getelementptr inbounds ([128 x i32], [128 x i32] addrspace(3)* @"\01?Bytes@@3PA$ui8_4pk@A", i32 0, i32 0), i32 20, i32 0, i32 2, i32 0)
    acc.InterlockedAccumulate<ComponentType::U8>(Bytes, 0, 2, MatrixLayout::RowMajor);

    // CHECK: ret void
    Results.Store(8192, n + rc.x + rc.y);
}

// CHECK: ; Function Attrs: nounwind{{$}}
// CHECK-NEXT: declare %dx.types.LinAlgMatrixC9M8N8U2S1 @dx.op.linAlgFillMatrix.mC9M8N8U2S1.f32(i32, float) #[[NOUNWIND:[0-9]+]]
// CHECK: attributes #[[NOUNWIND]] = { nounwind }
// !dx.targetTypes comes first, with the lowest metadata numbers.
// CHECK: !dx.targetTypes = !{!0, !1, !2, !3, !4}
// CHECK-NEXT: !dx.version = !{![[V:[0-9]+]]}
// CHECK: !0 = !{%dx.types.LinAlgMatrixC9M8N8U2S1 undef, i32 9, i32 8, i32 8, i32 2, i32 1}
// CHECK: ![[V]] = !{i32 1, i32 10}
