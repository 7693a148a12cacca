// A function template's body is checked for each instantiation, with its
// template arguments bound; the error says which instantiation.
// RUN: not %hlslc -T cs_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
#include <dx/linalg.h>
using namespace dx::linalg;

template <MatrixScope S>
void Scale() {
  Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, S> c =
      Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, S>::Splat(1.0f);
  c *= 2.0f;
}

template <typename T>
T Twice(T x) { return x * 2 + undeclared_thing; }

[numthreads(32, 1, 1)]
void main() {
  Scale<MatrixScope::Wave>();      // fine
  Scale<MatrixScope::Thread>();    // Splat needs Wave or ThreadGroup scope
  float f = Twice(1.0f);
}
// CHECK: template-body-instantiation.hlsl:10:7: error: 'Splat' requires a Wave or ThreadGroup scope matrix
// CHECK: template-body-instantiation.hlsl:20:3: note: in instantiation of function template 'Scale<MatrixScope::Thread>' requested here
// CHECK: template-body-instantiation.hlsl:15:31: error: use of undeclared identifier 'undeclared_thing'
// CHECK: template-body-instantiation.hlsl:21:13: note: in instantiation of function template 'Twice<float>' requested here
