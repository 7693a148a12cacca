// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// RUN: %hlslc -T lib_6_10 %s 2>/dev/null | FileCheck %s
// The three example functions of proposal 0035 (SM 6.10 revision), Appendix 2,
// copied verbatim after the header they are written against.  They must
// compile: a warning for the first Load (its stride, 8 * 4 bytes, is shorter
// than a 32-element fp16 row) is welcome, an error is not (spec-errata #17).

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

  MatrixATy MatA = MatrixATy::Load(B, 0, 8 * 4, MatrixLayout::RowMajor);
  MatrixBTy MatB = MatrixBTy::Load(B, 0, 32 * 4, MatrixLayout::RowMajor);

  MatrixAccumTy Accum = Multiply(MatA, MatB);
  MatrixAccum32Ty Accum32 = Multiply<MatrixComponentType::F32>(MatA, MatB);
}

void CoopVec() {
  using namespace dx::linalg;
  using MatrixBTy =
      Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::Wave>;

  vector<float16_t, 32> Vec = (vector<float16_t, 32>)0;
  MatrixBTy MatB = MatrixBTy::Load(B, 0, 32 * 4, MatrixLayout::RowMajor);
  vector<float16_t, 16> Accum = Multiply<float16_t>(Vec, MatB);
}

RWByteAddressBuffer Buf : register(u1);

void OuterProdAccum() {
  using namespace dx::linalg;
  using MatrixAccumTy = Matrix<MatrixComponentType::F16, 16, 8,
                               MatrixUse::Accumulator, MatrixScope::Thread>;

  vector<float16_t, 16> VecA = (vector<float16_t, 16>)0;
  vector<float16_t, 8> VecB = (vector<float16_t, 8>)0;
  MatrixAccumTy MatAcc =
      OuterProduct<MatrixComponentType::F16, MatrixScope::Thread>(VecA, VecB);

  MatAcc.Accumulate(Buf, 0, 0, MatrixLayout::OuterProductOptimal);
}

// What a reader of the examples predicts, operation by operation.
// CHECK-LABEL: define void @"WaveMatrixExample"()
// CHECK: @"dx.op.createMatrix"(i32 400, i32 8, i32 8, i32 32, i32 0, i32 1)
// CHECK-NEXT: @"dx.op.matrixLoadFromDescriptor"(i32 405, {{.*}}, i32 0, i32 32, i32 0)
// CHECK: @"dx.op.createMatrix"(i32 400, i32 8, i32 32, i32 16, i32 1, i32 1)
// CHECK-NEXT: @"dx.op.matrixLoadFromDescriptor"(i32 405, {{.*}}, i32 0, i32 128, i32 0)
// CHECK: @"dx.op.createMatrix"(i32 400, i32 8, i32 8, i32 16, i32 2, i32 1)
// CHECK-NEXT: @"dx.op.matrixOp"(i32 412,
// CHECK: @"dx.op.createMatrix"(i32 400, i32 9, i32 8, i32 16, i32 2, i32 1)
// CHECK-NEXT: @"dx.op.matrixOp"(i32 412,
// CHECK-LABEL: define void @"CoopVec"()
// CHECK: @"dx.op.matvecmul.v16f16.v32f16"(i32 415,
// CHECK-LABEL: define void @"OuterProdAccum"()
// CHECK: @"dx.op.matrixOuterProduct.v16f16.v8f16"(i32 419, i32 8, i32 16, i32 8, i32 0,
// CHECK: @"dx.op.matrixAccumulateToDescriptor"(i32 417, {{.*}}, i32 0, i32 0, i32 3)
