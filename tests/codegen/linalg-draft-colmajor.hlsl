// RUN: %hlslc -T cs_6_10 --linalg-revision=draft %s | FileCheck %s
// The draft revision's Load and Store take `bool ColMajor` instead of a
// MatrixLayout: the layout operand is i32 0 (false) or 1 (true), and a
// run-time bool is zero-extended.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
groupshared half Tile[256];

using MA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    // CHECK: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 0, i32 32, i32 1)
    MA a = MA::Load(In, 0, 32, true);
    // CHECK: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 512, i32 32, i32 0)
    MA b = MA::Load(Out, 512, 32, false);
    // CHECK: call void @"dx.op.matrixLoadFromMemory.p3f16"(i32 406, %"dx.types.MatrixRef"* %{{.*}}, half addrspace(3)* %{{.*}}, i32 0, i32 16, i32 1)
    MA g = MA::Load(Tile, 0, 16, true);

    // CHECK: [[CM:%"\.[0-9]+"]] = icmp ugt i32 %{{.*}}, 3
    // CHECK-NEXT: [[L:%"\.[0-9]+"]] = zext i1 [[CM]] to i32
    // CHECK-NEXT: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 0, i32 32, i32 [[L]])
    MA d = MA::Load(In, 0, 32, gi > 3);

    // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 0, i32 32, i32 1)
    a.Store(Out, 0, 32, true);
    // CHECK: call void @"dx.op.matrixStoreToMemory.p3f16"(i32 409, %"dx.types.MatrixRef"* %{{.*}}, half addrspace(3)* %{{.*}}, i32 0, i32 16, i32 0)
    a.Store(Tile, 0, 16, false);
}
