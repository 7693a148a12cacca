// LINALG-GROUPSHARED-SIZE: StartIdx + (lines - 1) * Stride + line length must
// fit the groupshared array (counted in elements). A non-constant StartIdx
// counts as 0.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=error:

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

groupshared half Small[100];
groupshared half Exact[256];
groupshared float Sums[256];

void f(WaveAcc acc, uint start) {
  WaveA a = WaveA::Load(Small, 0, 16, MatrixLayout::RowMajor);
  // CHECK: groupshared-too-small.hlsl:[[@LINE-1]]:25: error: groupshared array is too small for this Load: Matrix<F16, 16, 16, A, Wave> with StartIdx 0, stride 16 and layout 'RowMajor' needs 256 elements, the array has 100 [LINALG-GROUPSHARED-SIZE]
  // CHECK-NEXT: WaveA a = WaveA::Load(Small
  // CHECK-NEXT: {{ *}}^~~~~
  // CHECK-NEXT: {{(.*: )?}}note: the last row starts at element 240 and is 16 elements long
  WaveA b = WaveA::Load(Exact, 0, 16, MatrixLayout::RowMajor);
  WaveA c = WaveA::Load(Exact, 16, 16, MatrixLayout::RowMajor);
  // CHECK: groupshared-too-small.hlsl:[[@LINE-1]]:25: error: {{.*}} with StartIdx 16, stride 16 and layout 'RowMajor' needs 272 elements, the array has 256 [LINALG-GROUPSHARED-SIZE]
  acc.Store(Small, start, 16, MatrixLayout::ColMajor);
  // CHECK: groupshared-too-small.hlsl:[[@LINE-1]]:13: error: groupshared array is too small for this Store: {{.*}} with any StartIdx, stride 16 and layout 'ColMajor' needs at least 256 elements, the array has 100 [LINALG-GROUPSHARED-SIZE]
  // CHECK: note: the last column starts at element 240 and is 16 elements long
  acc.Accumulate(Sums, 0, 16, MatrixLayout::RowMajor);
}
// CHECK: 3 errors generated.
