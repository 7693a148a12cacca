// Wave- and ThreadGroup-scope Store takes only RowMajor or ColMajor.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

RWByteAddressBuffer Output;

void f(WaveAcc m) {
  m.Store(Output, 0, 0, MatrixLayout::MulOptimal); // expected-error {{layout 'MulOptimal' is not allowed for Store at Wave scope: use MatrixLayout::RowMajor or MatrixLayout::ColMajor}}
  // CHECK: layout-store-wave-mul-optimal.hlsl:[[@LINE-1]]:25: error: layout 'MulOptimal' is not allowed for Store at Wave scope: use MatrixLayout::RowMajor or MatrixLayout::ColMajor [LINALG-LAYOUT-SCOPE]
}
// CHECK: 1 error generated.
