// RUN: %hlslc -T cs_6_10 -DSM610 %s | FileCheck %s --check-prefix=HANDLE
// RUN: %hlslc -T cs_6_10 --linalg-revision=draft -DDRAFT %s | FileCheck %s --check-prefix=HANDLE
// RUN: %hlslc -T cs_6_10 --linalg-revision=dxc -DDXC %s | FileCheck %s --check-prefix=DXC
// RUN: not %hlslc -T cs_6_10 -DSM610 -DWRONG %s 2>&1 | FileCheck %s --check-prefix=WRONG
// Brace-initialised arrays and structs of matrices, in every revision:
// each matrix of the list is one element.  The SM 6.10 and draft revisions
// store each matrix handle to its own element (so the IR validator follows
// where it came from); the dxc revision's matrices are values, the
// aggregates gone once they are in SSA form.

#include <dx/linalg.h>
using namespace dx::linalg;

#if defined(DXC)
using M = Matrix<ComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
#define STORE(m, offset) m.Store(Out, offset, 64, MatrixLayout::RowMajor)
#elif defined(DRAFT)
using M = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
#define STORE(m, offset) m.Store(Out, offset, 64, false)
#else
using M = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
#define STORE(m, offset) m.Store(Out, offset, 64, MatrixLayout::RowMajor)
#endif

struct Pair {
    M first;
    float scale;
    M second;
};

RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main()
{
    M a = M::Splat(1.0f);
    M b = M::Splat(2.0f);
    M arr[2] = {a, b};
    Pair p = {M::Splat(3.0f), 0.5f, b};
#ifdef WRONG
    // WRONG: :[[@LINE+1]]:20: error: cannot initialize an element of type '{{.*}}Matrix<{{.*}}>' with a value of type 'float'
    M bad[2] = {a, 4.0f};
#endif
    // HANDLE: [[A:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"
    // HANDLE: [[B:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"
    // HANDLE: [[E0:%"\.[0-9]+"]] = getelementptr [2 x %"dx.types.MatrixRef"*], [2 x %"dx.types.MatrixRef"*]* %"arr", i32 0, i32 0
    // HANDLE-NEXT: store %"dx.types.MatrixRef"* [[A]], %"dx.types.MatrixRef"** [[E0]]
    // HANDLE: store %"dx.types.MatrixRef"* [[B]], %"dx.types.MatrixRef"**
    // HANDLE: store float 0x3fe0000000000000, float*
    // HANDLE: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 0, i32 64,
    // HANDLE: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 1024, i32 64,
    // HANDLE: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.Handle" %{{.*}}, i32 2048, i32 64,

    // DXC: %[[A:[0-9]+]] = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 1.000000e+00)
    // DXC-NEXT: %[[B:[0-9]+]] = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 2.000000e+00)
    // DXC-NEXT: %[[C:[0-9]+]] = call %dx.types.LinAlgMatrixC9M16N16U2S1 @dx.op.linAlgFillMatrix.mC9M16N16U2S1.f32(i32 -2147483636, float 3.000000e+00)
    // DXC-NEXT: call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M16N16U2S1 %[[B]], %dx.types.Handle %{{[0-9]+}}, i32 0,
    // DXC-NEXT: call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M16N16U2S1 %[[C]], %dx.types.Handle %{{[0-9]+}}, i32 1024,
    // DXC-NEXT: call void @dx.op.linAlgMatrixStoreToDescriptor.mC9M16N16U2S1(i32 -2147483628, %dx.types.LinAlgMatrixC9M16N16U2S1 %[[B]], %dx.types.Handle %{{[0-9]+}}, i32 2048,
    // DXC-NOT: alloca
    STORE(arr[1], 0);
    STORE(p.first, 1024);
    STORE(p.second, 2048);
    Out.Store(4096, asuint(p.scale));
}
