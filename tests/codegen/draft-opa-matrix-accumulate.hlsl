// The draft revision's member OuterProductAccumulate has no DXIL operation of
// its own: it lowers to the SM 6.10 matrixOuterProduct, then hlslc's
// matrixAccumulate (420) adds the product into the object matrix.
// RUN: %hlslc -T cs_6_10 --linalg-revision=draft %s | FileCheck %s
#include <dx/linalg.h>
using namespace dx::linalg;
RWByteAddressBuffer Buf : register(u0);

[numthreads(1, 1, 1)]
void main() {
  using Acc = Matrix<MatrixComponentType::F16, 16, 8, MatrixUse::Accumulator, MatrixScope::Thread>;
  Acc acc = Acc::Load(Buf, 0, 0, false);
  vector<half, 16> a = (vector<half, 16>)1;
  vector<half, 8> b = (vector<half, 8>)2;
  acc.OuterProductAccumulate(a, b);
}

// CHECK: [[ACC:%"?[.\w]+"?]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 8, i32 2, i32 0)
// CHECK: call void @"dx.op.matrixLoadFromDescriptor"(i32 405, %"dx.types.MatrixRef"* [[ACC]], %"dx.types.Handle" {{.*}}, i32 0, i32 0, i32 0)
// CHECK: [[OUTER:%"?[.\w]+"?]] = call %"dx.types.MatrixRef"* @"dx.op.matrixOuterProduct.v16f16.v8f16"(i32 419, i32 8, i32 16, i32 8, i32 0, <16 x half> {{.*}}, <8 x half> {{.*}})
// CHECK: call void @"dx.op.matrixAccumulate"(i32 420, %"dx.types.MatrixRef"* {{.*}}, %"dx.types.MatrixRef"* [[OUTER]])
