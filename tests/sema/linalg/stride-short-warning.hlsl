// LINALG-STRIDE-SHORT: a constant stride shorter than one row (RowMajor) or
// column (ColMajor) is a warning, not an error (spec errata 17): the compile
// succeeds. Buffers count bytes, groupshared arrays count elements.
// RUN: %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 8, 32, MatrixUse::A, MatrixScope::Wave>;
using WaveB = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::Wave>;

ByteAddressBuffer Input;
groupshared half Tile[1024];

void f() {
  // The proposal's own example: 8x32 F16 rows are 64 bytes, the stride 32.
  WaveA a = WaveA::Load(Input, 0, 8 * 4, MatrixLayout::RowMajor);
  // CHECK: stride-short-warning.hlsl:[[@LINE-1]]:35: warning: stride 32 is shorter than one row of Matrix<F16, 8, 32, A, Wave> (64 bytes): rows overlap [LINALG-STRIDE-SHORT]
  // CHECK-NEXT: WaveA a = WaveA::Load(Input, 0, 8 * 4, MatrixLayout::RowMajor);
  // CHECK-NEXT: {{ *}}^~~~~
  // CHECK-NEXT: {{(.*: )?}}note: with MatrixLayout::RowMajor the stride is the distance in bytes from the start of one row to the next
  WaveB b = WaveB::Load(Input, 0, 32, MatrixLayout::ColMajor);
  // CHECK: stride-short-warning.hlsl:[[@LINE-1]]:35: warning: stride 32 is shorter than one column of Matrix<F16, 32, 16, B, Wave> (64 bytes): columns overlap [LINALG-STRIDE-SHORT]
  WaveA c = WaveA::Load(Tile, 0, 16, MatrixLayout::RowMajor);
  // CHECK: stride-short-warning.hlsl:[[@LINE-1]]:34: warning: stride 16 is shorter than one row of Matrix<F16, 8, 32, A, Wave> (32 array elements): rows overlap [LINALG-STRIDE-SHORT]
  // CHECK: note: with MatrixLayout::RowMajor the stride is the distance in array elements from the start of one row to the next
  WaveA d = WaveA::Load(Input, 0, 64, MatrixLayout::RowMajor);
  WaveA e = WaveA::Load(Tile, 0, 32, MatrixLayout::RowMajor);
}
// CHECK: 3 warnings generated.
