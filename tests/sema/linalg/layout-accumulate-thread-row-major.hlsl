// A Thread-scope accumulator reaches a RWByteAddressBuffer only in the
// OuterProductOptimal layout. The stride (64, not 0) is not also reported:
// once the layout is rejected its stride is not checked.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

RWByteAddressBuffer Grad;

void f(ThreadAcc m) {
  m.Accumulate(Grad, 0, 64, MatrixLayout::RowMajor); // expected-error {{layout 'RowMajor' is not allowed for Accumulate at Thread scope: use MatrixLayout::OuterProductOptimal}}
  // CHECK: layout-accumulate-thread-row-major.hlsl:[[@LINE-1]]:29: error: layout 'RowMajor' is not allowed for Accumulate at Thread scope: use MatrixLayout::OuterProductOptimal [LINALG-LAYOUT-SCOPE]
}
// CHECK: 1 error generated.
