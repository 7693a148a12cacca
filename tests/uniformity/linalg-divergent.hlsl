// Wave- and ThreadGroup-scope matrix operations must be called from uniform
// control flow (proposal 0035). hlslc checks the generated IR's dataflow and
// reports each operation at its source location, with the divergent branch
// and the thread-varying value it depends on.
// RUN: %hlslc -T cs_6_10 -verify %s -o %t
// RUN: %hlslc -T cs_6_10 -Wno-error=uniformity %s -o %t 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %hlslc -T cs_6_10 -Wno-error=uniformity -Werror %s -o %t
// RUN: not %hlslc -T cs_6_10 -fdiagnostics-format=json %s -o %t 2>&1 | FileCheck %s --check-prefix=JSON
#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using GroupAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint lane : SV_GroupIndex) {
  // expected-note@-1 2 {{this may differ between threads}}
  if (id.x % 2 == 0) { // expected-note {{the branch is here}}
    WaveAcc m = WaveAcc::Splat(1.0f); // expected-error {{this operation (CreateMatrix on a Wave-scope matrix) must be called from wave-uniform control flow, but it is under a branch whose condition may differ between threads}}
  }

  // The group ID is the same for every thread of a group: no error.
  if (gid.x == 0) {
    GroupAcc g = GroupAcc::Splat(0.0f);
    g.Store(Out, 0, 64, MatrixLayout::RowMajor);
  }

  // A loop whose trip count varies per thread diverges too.
  for (uint i = 0; i < lane; ++i) { // expected-note {{the branch is here}}
    WaveAcc n = WaveAcc::Load(In, 0, 64, MatrixLayout::RowMajor); // expected-error {{must be called from wave-uniform control flow}}
  }

  // WaveReadLaneFirst makes a value wave-uniform.
  if (WaveReadLaneFirst(id.x) == 3) {
    WaveAcc w = WaveAcc::Splat(2.0f);
    w.Store(Out, 256, 64, MatrixLayout::RowMajor);
  }
}

// WARN: linalg-divergent.hlsl:22:17: warning: this operation (CreateMatrix on a Wave-scope matrix) must be called from wave-uniform control flow{{.*}}[-Wno-error=uniformity] [IR-UNIFORM-CONTROL-FLOW]
// WARN: 2 warnings generated.
// JSON: "id": "IR-UNIFORM-CONTROL-FLOW"
