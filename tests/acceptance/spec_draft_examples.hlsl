// RUN: %hlslc -T lib_6_10 --linalg-revision=draft -fsyntax-only %s
// RUN: %hlslc -T lib_6_10 --linalg-revision=draft %s 2>/dev/null | FileCheck %s
// The two example functions of the draft ("SM 6.x") revision of proposal 0035,
// Appendix 2, copied verbatim.  They use `bool ColMajor` where SM 6.10 takes a
// MatrixLayout, so they compile only against the draft header.

#include <dx/linalg.h>

RWByteAddressBuffer B : register(u0);

void WaveMatrixExample() {
  using namespace dx::linalg;
  using MatrixATy =
      Matrix<MatrixComponentType::F16, 8, 32, MatrixUse::A, MatrixScope::Wave>;
  using MatrixBTy =
      Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::Wave>;
  using MatrixAccumTy = Matrix<MatrixComponentType::F16, 8, 16,
                               MatrixUse::Accumulator, MatrixScope::Wave>;
  using MatrixAccum32Ty = Matrix<MatrixComponentType::F32, 8, 16,
                                 MatrixUse::Accumulator, MatrixScope::Wave>;

  MatrixATy MatA = MatrixATy::Load(B, 0, 8 * 4, false);
  MatrixBTy MatB = MatrixBTy::Load(B, 0, 32 * 4, false);

  MatrixAccumTy Accum = Multiply(MatA, MatB);
  MatrixAccum32Ty Accum32 = Multiply<MatrixComponentType::F32>(MatA, MatB);
}

void CoopVec() {
  using namespace dx::linalg;
  using MatrixBTy =
      Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::Wave>;

  vector<float16_t, 32> Vec = (vector<float16_t, 32>)0;
  MatrixBTy MatB = MatrixBTy::Load(B, 0, 32 * 4, false);
  vector<float16_t, 16> Accum = Multiply<float16_t>(Vec, MatB);
}

// `bool ColMajor` = false lowers to layout 0 (RowMajor).
// CHECK-LABEL: define void @"WaveMatrixExample"()
// CHECK: @"dx.op.matrixLoadFromDescriptor"(i32 405, {{.*}}, i32 0, i32 32, i32 0)
// CHECK: @"dx.op.matrixLoadFromDescriptor"(i32 405, {{.*}}, i32 0, i32 128, i32 0)
// CHECK: @"dx.op.matrixOp"(i32 412,
// CHECK-LABEL: define void @"CoopVec"()
// CHECK: @"dx.op.matvecmul.v16f16.v32f16"(i32 415,
