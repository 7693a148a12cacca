// hlslc run: the opaque layouts keep a matrix's elements in an order the
// specification leaves open, chosen by --seed.  A Thread-scope matrix read
// RowMajor gives the column sums numpy gives (Sums); the same data read as
// MulOptimal comes out permuted, differently for each seed, so a shader that
// puts RowMajor data where an opaque layout is declared is caught.
// RUN: %hlslc run %s --pipeline %S/linalg-opaque-layout.yaml -T cs_6_10 --seed 1 > %t.1
// RUN: FileCheck %s --input-file=%t.1
// RUN: %hlslc run %s --pipeline %S/linalg-opaque-layout.yaml -T cs_6_10 --seed 2 > %t.2
// RUN: FileCheck %s --input-file=%t.2
// CHECK: Sums: pass
// RUN: not cmp %t.1 %t.2
// RUN: not %hlslc run %s --pipeline %S/linalg-opaque-layout.yaml -T cs_6_10 --seed x 2>&1 | FileCheck %s --check-prefix=SEED
// SEED: invalid value 'x' for '--seed'; expected a number

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Sums : register(u0);
RWByteAddressBuffer Opaque : register(u1);
using M = Matrix<MatrixComponentType::F32, 4, 4, MatrixUse::B, MatrixScope::Thread>;

[numthreads(1, 1, 1)]
void main() {
  vector<float, 4> ones = {1, 1, 1, 1};
  M m = M::Load(In, 0, 16, MatrixLayout::RowMajor);
  Sums.Store4(0, asuint(Multiply<float>(ones, m)));
  M opaque = M::Load(In, 0, 0, MatrixLayout::MulOptimal);
  Opaque.Store4(0, asuint(Multiply<float>(ones, opaque)));
}
