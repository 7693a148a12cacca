// RUN: not %hlslc --linalg-revision=dxc -T cs_6_10 %s 2>&1 | FileCheck %s
// RUN: not %hlslc --linalg-revision=dxc -T cs_6_10 -DALIGN=16 %s 2>&1 | FileCheck %s --check-prefix=ALIGN
// DXC's validation rules on what the program gives (here: an opaque layout
// takes stride 0) are the user's errors, reported at the user's call into
// the header, not inside the header's inline code.

#include <dx/linalg.h>
using namespace dx::linalg;

using W = Matrix<ComponentType::F32, 4, 8, MatrixUse::A, MatrixScope::Thread>;
ByteAddressBuffer Model;
RWByteAddressBuffer Out;

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: validation-at-call.hlsl:[[@LINE+1]]:11: error: LinAlgMatrixLoadFromDescriptor with layout 'MulOptimal' requires stride 0.
    W w = W::Load<MatrixLayout::MulOptimal>(Model, 0, 32);
#ifdef ALIGN
    // An alignment that is no multiple of 128 (DXC's Instr.ParamMultiple).
    // ALIGN: validation-at-call.hlsl:[[@LINE+1]]:5: error: parameter 'Align' must be a multiple of 128, got 16 [IR-PARAMETER-VALUE]
    __builtin_LinAlg_MatrixLoadFromDescriptor(w.__handle, Model, 0, 0, 2, ALIGN);
#endif
    vector<float, 4> y = Multiply<float>(w, vector<float, 8>(1, 2, 3, 4, 5, 6, 7, 8));
    Out.Store(0, asuint(y.x));
}
// CHECK-NOT: linalg.h:
// ALIGN-NOT: internal compiler error
