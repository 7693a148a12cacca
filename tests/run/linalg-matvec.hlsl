// hlslc run: a Thread-scope matrix-vector multiply-add (matvecmuladd) with a
// RowMajor matrix loaded from a byte-address buffer, each thread its own
// vector, against numpy's v @ W + b.
// RUN: %hlslc run %s --pipeline %S/linalg-matvec.yaml -T cs_6_10 | FileCheck %s
// CHECK: Data: [ 70.5, 80.25, 90.125, 71.5, 82.25, 93.125, 72.5, 84.25, 96.125, 73.5, 86.25, 99.125 ]
// CHECK: Product: pass

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer W : register(t0);
RWByteAddressBuffer Out : register(u0);
using M = Matrix<MatrixComponentType::F32, 4, 3, MatrixUse::B, MatrixScope::Thread>;

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  M m = M::Load(W, 0, 12, MatrixLayout::RowMajor);
  vector<float, 4> v = {1.0 + i, 2.0, 3.0, 4.0};
  vector<float, 3> b = {0.5, 0.25, 0.125};
  vector<float, 3> r = MultiplyAdd<float>(v, m, b);
  Out.Store3(12 * i, asuint(r));
}
