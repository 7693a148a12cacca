// RUN: not %hlslc -spirv -DUSE %s 2>&1 | FileCheck %s --check-prefix=USE
// RUN: not %hlslc -spirv -DVECTORS %s 2>&1 | FileCheck %s --check-prefix=VECTORS
// RUN: not %hlslc -spirv -DLAYOUT %s 2>&1 | FileCheck %s --check-prefix=LAYOUT
// RUN: not %hlslc -spirv -DSUM %s 2>&1 | FileCheck %s --check-prefix=SUM
// RUN: not %hlslc -spirv -DOUTER %s 2>&1 | FileCheck %s --check-prefix=OUTER
// RUN: not %hlslc -spirv -DWAVEVEC %s 2>&1 | FileCheck %s --check-prefix=WAVEVEC
// dx::linalg operations without a SPIR-V form are errors at the call.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Input : register(t0);
RWByteAddressBuffer Output : register(u1);

using MatA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using MatB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using Acc = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
#ifdef USE
    Acc c = Acc::Splat(1.0h);
    // USE: linalg-errors.hlsl:[[@LINE+1]]:14: error: a cast that changes a matrix's use (Accumulator to A) has no SPIR-V mapping
    MatA a = c.cast<MatrixComponentType::F16, MatrixUse::A>();
    a.Store(Output, 0, 32, MatrixLayout::RowMajor);
#endif
#ifdef VECTORS
    MatA a = MatA::Splat(0.0h);
    // VECTORS: linalg-errors.hlsl:[[@LINE+1]]:5: error: FromThreadVectors has no SPIR-V mapping
    a.FromThreadVectors((vector<half, 16>)id.x);
    a.Store(Output, 0, 32, MatrixLayout::RowMajor);
#endif
#ifdef LAYOUT
    // LAYOUT: linalg-errors.hlsl:[[@LINE+1]]:27: error: AccumulatorLayout has no SPIR-V mapping
    Output.Store(0, (uint)AccumulatorLayout());
#endif
#ifdef SUM
    MatA a = MatA::Load(Input, 0, 32, MatrixLayout::RowMajor);
    MatB b = MatB::Load(Input, 512, 32, MatrixLayout::RowMajor);
    Acc c = Acc::Splat(0.0h);
    // SUM: linalg-errors.hlsl:[[@LINE+1]]:5: error: SumAccumulate has no SPIR-V mapping
    c.SumAccumulate(a, b);
    c.Store(Output, 0, 32, MatrixLayout::RowMajor);
#endif
#ifdef OUTER
    vector<half, 16> v = (vector<half, 16>)1.0h;
    // OUTER: linalg-errors.hlsl:[[@LINE+1]]:13: error: OuterProduct at Wave scope has no SPIR-V mapping
    Acc c = OuterProduct<MatrixComponentType::F16, MatrixScope::Wave>(v, v);
    c.Store(Output, 0, 32, MatrixLayout::RowMajor);
#endif
#ifdef WAVEVEC
    MatB b = MatB::Splat(2.0h);
    vector<half, 16> v = (vector<half, 16>)1.0h;
    // WAVEVEC: linalg-errors.hlsl:[[@LINE+1]]:26: error: Multiply of a vector by a Wave-scope matrix that was not loaded from a byte-address buffer has no SPIR-V mapping
    vector<half, 16> r = Multiply<half>(v, b);
    Output.Store(0, asuint((float)r[0]));
#endif
}
