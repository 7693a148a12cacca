// Regressions: unsigned constants fold by their bit pattern, 64-bit division
// folds exactly, a matrix declared without a value gets its own handle, and
// MultiplyAdd converts a bias of another element type to the result's.
// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
#include <dx/linalg.h>
using namespace dx::linalg;
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main() {
  bool a = ~0u > 5u;
  bool b = -1u > 5u;
  Out.Store(0, (uint)a + (uint)b);
  Out.Store(4, (uint)(9007199254740993LL / 1LL));

  Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave> f;
  vector<half, 16> v = 1;
  f.FromThreadVectors(v);

  using MB = Matrix<MatrixComponentType::F16, 16, 8, MatrixUse::B, MatrixScope::Thread>;
  MB m = MB::Load(In, 0, 0, MatrixLayout::MulOptimal);
  vector<half, 16> x = 1;
  vector<half, 8> bias = 2;
  vector<float, 8> y = MultiplyAdd<float>(x, m, bias);
  Out.Store(8, asuint(y.x));
}

// CHECK: store i1 1, i1* %"a"
// CHECK: store i1 1, i1* %"b"
// CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" %"Out.1", i32 4, i32 undef, i32 1,
// CHECK: [[F:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 16, i32 0, i32 1)
// CHECK-NEXT: store %"dx.types.MatrixRef"* [[F]], %"dx.types.MatrixRef"** %"f"
// CHECK: call void @"dx.op.matrixLoadFromThreads.v16f16"
// CHECK: fpext <8 x half> {{.*}} to <8 x float>
// CHECK: call <8 x float> @"dx.op.matvecmuladd.v8f32.v16f16"
