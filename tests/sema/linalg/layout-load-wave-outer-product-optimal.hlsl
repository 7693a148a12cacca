// Wave-scope Load takes only RowMajor or ColMajor; only a Thread-scope
// Load(ByteAddressBuffer) takes any layout.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;

ByteAddressBuffer Input;

void f() {
  // expected-error@+1 {{layout 'OuterProductOptimal' is not allowed for Load at Wave scope: use MatrixLayout::RowMajor or MatrixLayout::ColMajor}}
  WaveA a = WaveA::Load(Input, 0, 0, MatrixLayout::OuterProductOptimal);
  // CHECK: layout-load-wave-outer-product-optimal.hlsl:[[@LINE-1]]:38: error: layout 'OuterProductOptimal' is not allowed for Load at Wave scope: {{.*}} [LINALG-LAYOUT-SCOPE]
}
// CHECK: 1 error generated.
