// A matrix chosen per thread (`cond ? a : b` with a condition that varies)
// makes a Wave-scope operation act on different matrices in different
// threads of one wave: the same rule as divergent control flow. A
// wave-uniform choice is fine.
// RUN: %hlslc -T cs_6_10 -verify %s -o %t
// RUN: %hlslc -T cs_6_10 -DUNIFORM %s -o %t
#include <dx/linalg.h>
using namespace dx::linalg;
RWByteAddressBuffer Out : register(u0);
using WC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { // expected-note {{this may differ between threads}}
  WC c = WC::Splat(0.0f);
  WC d = WC::Splat(1.0f);
#ifdef UNIFORM
  WC e = WaveReadLaneFirst(id.x) > 0 ? c : d;
#else
  WC e = id.x > 0 ? c : d; // expected-note {{which is computed from a value that may differ between threads}}
#endif
  e.Store(Out, 0, 64, MatrixLayout::RowMajor); // expected-error {{this operation (MatrixStoreToDescriptor on a Wave-scope matrix) needs the same matrix in every thread, but the matrix operand may differ between threads}}
}
