// hlslc run: out of bounds, as the specification says: a matrix load that
// reaches past its resource gives a zero matrix, and a store that would
// write past it writes nothing (the filled 7s stay).  In bounds, a ColMajor
// load with a stride larger than a column transposes a 2x3 block.
// RUN: %hlslc run %s --pipeline %S/linalg-out-of-bounds.yaml -T cs_6_10 --print-buffers=all | FileCheck %s
// CHECK: - Name: Zeros
// CHECK: Data: [ 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 ]
// CHECK: - Name: Untouched
// CHECK: Data: [ 7.0, 7.0, 7.0, 7.0, 7.0, 7.0 ]
// CHECK: - Name: Cols
// CHECK: Data: [ 1.0, 5.0, 9.0, 2.0, 6.0, 10.0 ]
// --check warns of the store that is partly outside (a no-op by the
// specification, and likely a mistake), at its line.
// RUN: %hlslc run %s --pipeline %S/linalg-out-of-bounds.yaml -T cs_6_10 --check --print-buffers=none 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED: linalg-out-of-bounds.hlsl:32:3: warning: a store of a matrix reaches outside buffer 'Untouched' (24 bytes; 2 of its 6 elements are inside): it writes nothing

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Zeros : register(u0);
RWByteAddressBuffer Untouched : register(u1);
RWByteAddressBuffer Cols : register(u2);
using M = Matrix<MatrixComponentType::F32, 2, 3, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
void main() {
  // In holds 12 floats (48 bytes): rows of 12 bytes from byte 40 run past it.
  M far = M::Load(In, 40, 12, MatrixLayout::RowMajor);
  far.Store(Zeros, 0, 12, MatrixLayout::RowMajor);
  M m = M::Load(In, 0, 12, MatrixLayout::RowMajor);
  m.Store(Untouched, 16, 12, MatrixLayout::RowMajor);
  // Column-major with a 16-byte stride: element (i, j) at 16 * j + 4 * i.
  M c = M::Load(In, 0, 16, MatrixLayout::ColMajor);
  c.Store(Cols, 0, 12, MatrixLayout::RowMajor);
}
