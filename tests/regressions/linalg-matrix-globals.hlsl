// Regression (found by mutating a test): a dx::linalg matrix declared at
// file scope reached code generation and ended in an internal compiler
// error (the validator found a matrix with no createMatrix).  Matrices live
// in the threads or waves that use them, so a global of any storage class
// holding one (directly, in an array or in a struct) is an error.
// RUN: %hlslc -T cs_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
struct Holder { MC acc[2]; };

RWByteAddressBuffer Grad : register(u1);

MC c = MC::Splat(1.0f); // expected-error {{'c' holds a dx::linalg matrix ('dx::linalg::Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>'), which cannot be a global variable: matrices live in the threads or waves that use them; declare it inside a function}}
static MC d; // expected-error {{'d' holds a dx::linalg matrix}}
groupshared MC e[2]; // expected-error {{'e' holds a dx::linalg matrix}}
static Holder h; // expected-error {{'h' holds a dx::linalg matrix}}

[numthreads(32, 1, 1)]
void main() {
  MC local = MC::Splat(1.0f);
  local.Accumulate(Grad, 0, 64, MatrixLayout::RowMajor);
}
