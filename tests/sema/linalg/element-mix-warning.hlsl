// LINALG-ELEMENT-MIX (a warning): A and B of different kinds (floating-point,
// integer), or inputs of one kind into an accumulator of another. Mixes within
// one kind (F16 x F32, PackedS8x32 x PackedU8x32 into I32) are not warned about.
// RUN: %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <dx/linalg.h>
using namespace dx::linalg;

using HalfA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using FloatB = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using HalfB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using S8A = Matrix<MatrixComponentType::PackedS8x32, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using U8B = Matrix<MatrixComponentType::PackedU8x32, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using FloatAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using IntAcc = Matrix<MatrixComponentType::I32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

void f(HalfA h, FloatB fb, HalfB hb, S8A s8, U8B u8, FloatAcc facc, IntAcc iacc) {
  facc.MultiplyAccumulate(h, u8);
  // CHECK: element-mix-warning.hlsl:[[@LINE-1]]:3: warning: MultiplyAccumulate of an F16 A matrix and a PackedU8x32 B matrix mixes floating-point and integer components; the proposal does not define this combination [LINALG-ELEMENT-MIX]
  // CHECK-NEXT: facc.MultiplyAccumulate(h, u8);
  // CHECK-NEXT: {{ *}}^~~~
  // CHECK-NEXT: {{(.*: )?}}note: matrixOp's validation asks for compatible element types without saying which are compatible
  iacc.MultiplyAccumulate(h, hb);
  // CHECK: element-mix-warning.hlsl:[[@LINE-1]]:3: warning: MultiplyAccumulate of floating-point A and B matrices (F16, F16) into an integer accumulator (I32); the proposal does not define this combination [LINALG-ELEMENT-MIX]
  FloatAcc p = Multiply<MatrixComponentType::F32>(s8, u8);
  // CHECK: element-mix-warning.hlsl:[[@LINE-1]]:16: warning: Multiply of integer A and B matrices (PackedS8x32, PackedU8x32) into a floating-point accumulator (F32); the proposal does not define this combination [LINALG-ELEMENT-MIX]

  facc.MultiplyAccumulate(h, fb);
  iacc.MultiplyAccumulate(s8, u8);
  FloatAcc q = Multiply<MatrixComponentType::F32>(h, hb);
}
// CHECK: 3 warnings generated.
