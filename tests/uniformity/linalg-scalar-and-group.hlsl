// The scalar of an elementwise operation on a Wave matrix must be
// wave-uniform (a warning: proposal 0035 states it but leaves the behaviour
// undefined), and ThreadGroup-scope operations need control flow uniform
// across the whole group: a wave-uniform branch is not enough.
// RUN: %hlslc -T cs_6_10 -verify %s -o %t
// RUN: %hlslc -T cs_6_10 -Vd %s -o %t
#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using GroupAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

[numthreads(128, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // expected-note@-1 2 {{this may differ between threads}}
  WaveAcc m = WaveAcc::Splat(1.0f);
  m *= (float)id.x; // expected-warning {{the scalar operand may differ between threads, but this matrix operation takes a wave-uniform value}} expected-note {{which is computed from a value that may differ between threads}}
  m.Store(Out, 0, 64, MatrixLayout::RowMajor);

  // The first lane's value is the same for the whole wave, not the group.
  if (WaveReadLaneFirst(id.x) < 64) { // expected-note {{the branch is here}}
    GroupAcc g = GroupAcc::Splat(0.0f); // expected-error {{must be called from thread-group-uniform control flow, but it is under a branch whose condition may differ between the threads of a thread group (it is only wave-uniform)}}
  }
}
