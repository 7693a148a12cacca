// LINALG-STRIDE-OPAQUE: with MulOptimal or OuterProductOptimal the stride
// must be 0. FileCheck rather than -verify: the rule's note has no source
// location, and -verify cannot match a note without one (see the sema
// README). The note patterns accept an optional location.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;
using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

ByteAddressBuffer Weights;
RWByteAddressBuffer Grad;

void f(ThreadAcc g) {
  ThreadB ok = ThreadB::Load(Weights, 0, 0, MatrixLayout::MulOptimal);
  ThreadB b = ThreadB::Load(Weights, 0, 64, MatrixLayout::MulOptimal);
  // CHECK: stride-opaque.hlsl:[[@LINE-1]]:41: error: stride must be 0 for layout 'MulOptimal' (got 64) [LINALG-STRIDE-OPAQUE]
  // CHECK-NEXT: ThreadB b = ThreadB::Load(Weights, 0, 64, MatrixLayout::MulOptimal);
  // CHECK-NEXT: {{ *}}^~
  // CHECK-NEXT: {{(.*: )?}}note: only RowMajor and ColMajor layouts have a stride; opaque layouts decide where each element goes
  g.Accumulate(Grad, 0, 16, MatrixLayout::OuterProductOptimal);
  // CHECK: stride-opaque.hlsl:[[@LINE-1]]:25: error: stride must be 0 for layout 'OuterProductOptimal' (got 16) [LINALG-STRIDE-OPAQUE]
  g.Accumulate(Grad, 0, 0, MatrixLayout::OuterProductOptimal);
}
// CHECK: 2 errors generated.
