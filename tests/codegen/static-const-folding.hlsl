// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Constant expressions and static const scalars fold to immediate operands
// (DXC's output shows `i32 32` for `8 * 4`); a static const array is an
// internal constant global.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

#define TILE 16
static const uint Rows = 16;
static const uint Stride = Rows * sizeof(half);
static const int Bias = -3 * 5 + 20;
static const uint Table[4] = { 1, 2, 3, 5 };

using MA = Matrix<MatrixComponentType::F16, TILE, TILE, MatrixUse::A, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    // CHECK: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 0, i32 32, i32 0)
    MA a = MA::Load(In, 0, 8 * 4, MatrixLayout::RowMajor);
    // CHECK: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 482, i32 32, i32 1)
    MA b = MA::Load(In, (Rows - 1) * Stride + 2, Stride, MatrixLayout::ColMajor);
    // CHECK: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 512, i32 32, i32 0)
    MA c = MA::Load(In, TILE * TILE * 2, (TILE << 2) / 2, MatrixLayout::RowMajor);

    // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %{{.*}}, i32 0, i32 undef, i32 5, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
    Out.Store(0, Bias);
    // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %{{.*}}, i32 4, i32 undef, i32 1, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
    Out.Store(4, 7 % 3);
    // Unsigned arithmetic wraps.
    // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %{{.*}}, i32 8, i32 undef, i32 1, i32 undef, i32 undef, i32 undef, i8 1, i32 4)
    Out.Store(8, 0xFFFFFFFFu + 2);

    // CHECK: getelementptr [4 x i32], [4 x i32]* @"Table", i32 0, i32 %{{.*}}
    Out.Store(12, Table[gi & 3]);

    a.Store(Out, 64, Stride, MatrixLayout::RowMajor);
}

// CHECK: @"Table" = internal constant [4 x i32] [i32 1, i32 2, i32 3, i32 5]
