// Multiply(vector, Matrix) takes a B matrix. FileCheck rather than -verify:
// the call also lists the four matrix x matrix overloads, whose notes this
// test does not pin down.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;

vector<float, 16> f(WaveA a, vector<float, 16> v) {
  return Multiply<float>(v, a);
  // CHECK: {{.*}}use-multiply-vector-by-a-matrix.hlsl:[[@LINE-1]]:10: error: 'Multiply' of a vector needs a B matrix (MatrixUse::B), but the matrix is an A matrix
  // CHECK: {{.*}}dx{{[/\\]}}linalg.h:{{[0-9]+}}:{{[0-9]+}}: note: candidate template ignored: could not match 'Matrix<MatrixDT, M, K, MatrixUse::B, Scope>' against 'dx::linalg::Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>': template argument Use is MatrixUse::A, expected MatrixUse::B
  // CHECK: 1 error generated.
}
