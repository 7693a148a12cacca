// A layout that is not a MatrixLayout enumerator.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;

ByteAddressBuffer Input;

void f() {
  // expected-error@+1 {{7 is not a MatrixLayout value: use RowMajor (0), ColMajor (1), MulOptimal (2) or OuterProductOptimal (3)}}
  ThreadB b = ThreadB::Load(Input, 0, 32, (MatrixLayout)7);
  // CHECK: layout-value-out-of-range.hlsl:[[@LINE-1]]:43: error: 7 is not a MatrixLayout value: {{.*}} [LINALG-LAYOUT-VALUE]
}
// CHECK: 1 error generated.
