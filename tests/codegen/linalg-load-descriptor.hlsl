// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Matrix::Load from a ByteAddressBuffer or a RWByteAddressBuffer:
// createMatrix, then matrixLoadFromDescriptor(matrix, handle, offset, stride,
// layout) with constant arguments folded (8 * 4 is i32 32) and the layout as
// its MatrixLayout value.  The Align argument has no DXIL operand.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

using MA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using MB = Matrix<MatrixComponentType::F32, 8, 16, MatrixUse::B, MatrixScope::Thread>;

static const uint RowBytes = 16 * 2;

[numthreads(32, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID)
{
    // CHECK: [[IN:%"In[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"In", %"dx.types.ResourceProperties" {i32 11, i32 0})
    // CHECK: [[OUT:%"Out[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Out", %"dx.types.ResourceProperties" {i32 4107, i32 0})

    // CHECK: [[A:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 16, i32 0, i32 1)
    // CHECK-NEXT: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* [[A]], %"dx.types.Handle" [[IN]], i32 0, i32 32, i32 0)
    MA a = MA::Load(In, 0, 8 * 4, MatrixLayout::RowMajor);

    // From a RWByteAddressBuffer, column-major, with an explicit Align.
    // CHECK: [[A2:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 16, i32 0, i32 1)
    // CHECK-NEXT: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* [[A2]], %"dx.types.Handle" [[OUT]], i32 1056, i32 32, i32 1)
    MA a2 = MA::Load(Out, 1024 + RowBytes, RowBytes, MatrixLayout::ColMajor, 8);

    // A run-time offset stays an instruction.
    // CHECK: [[B:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 8, i32 16, i32 1, i32 0)
    // CHECK: [[OFF:%"\.[0-9]+"]] = mul i32 %{{.*}}, 256
    // CHECK-NEXT: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* [[B]], %"dx.types.Handle" [[IN]], i32 [[OFF]], i32 0, i32 2)
    MB b = MB::Load(In, tid.x * 256, 0, MatrixLayout::MulOptimal);

    a.Store(Out, 0, 32, MatrixLayout::RowMajor);
}

// CHECK: declare void @"dx.op.matrixLoadFromDescriptor"(i32 %".1", %"dx.types.MatrixRef"* %".2", %"dx.types.Handle" %".3", i32 %".4", i32 %".5", i32 %".6") nounwind
