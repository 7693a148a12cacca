// Splat takes an arithmetic scalar; bool is not one (hlsl::is_arithmetic).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f() {
  // expected-error@+2 {{'Splat' needs an arithmetic scalar type (int, uint, half, float, ...), not 'bool'}}
  // expected-note@dx/linalg.h:* {{[with T = bool, Scope = MatrixScope::Wave]}}
  WaveAcc m = WaveAcc::Splat(true);
}
