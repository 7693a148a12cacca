// Regression: dx::linalg matrices kept in structs (copied whole, nested,
// in member arrays) made the validator lose or mix their origins: the
// compile ended in an internal compiler error. Slots are now tracked field
// by field, so an A and a B matrix in one struct stay apart.
// RUN: %hlslc -T cs_6_10 %s -o %t && FileCheck %s --input-file=%t
#include <dx/linalg.h>
using namespace dx::linalg;
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
using WA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using WB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using WC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

struct Pair { WA a; WB b; };
struct Holder { Pair inner; WC acc[2]; };

[numthreads(32, 1, 1)]
void main() {
  Pair p;
  p.a = WA::Load(In, 0, 32, MatrixLayout::RowMajor);
  p.b = WB::Load(In, 512, 32, MatrixLayout::ColMajor);
  Holder h;
  h.inner = p;
  h.acc[1] = WC::Splat(0.0f);
  Holder copy = h;
  // CHECK: call void @"dx.op.matrixOp"(i32 413,
  copy.acc[1].MultiplyAccumulate(copy.inner.a, copy.inner.b);
  // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408,
  copy.acc[1].Store(Out, 0, 64, MatrixLayout::RowMajor);
}
