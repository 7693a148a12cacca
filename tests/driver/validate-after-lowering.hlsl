// Every compile runs the IR validator on its output (-Vd turns it off, as in
// dxc). A matrix operation under control flow that varies per thread is the
// program's error: the validator reports it with its rule ID.
// RUN: %hlslc -T cs_6_10 %s -o %t
// RUN: not %hlslc -T cs_6_10 -DDIVERGENT %s -o %t 2>&1 | FileCheck %s
// RUN: %hlslc -T cs_6_10 -DDIVERGENT -Vd %s -o %t
#include <dx/linalg.h>
using namespace dx::linalg;
RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  using Acc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
#ifdef DIVERGENT
  if (id.x % 2 == 0)
#endif
  {
    Acc m = Acc::Splat(1.0f);
    m.Store(Out, 0, 64, MatrixLayout::RowMajor);
  }
}

// CHECK: validate-after-lowering.hlsl:18:13: error: this operation (CreateMatrix on a Wave-scope matrix) must be called from wave-uniform control flow{{.*}}[IR-UNIFORM-CONTROL-FLOW]
// CHECK: validate-after-lowering.hlsl:15:7: note: the branch is here
// CHECK: validate-after-lowering.hlsl:12:11: note: this may differ between threads
