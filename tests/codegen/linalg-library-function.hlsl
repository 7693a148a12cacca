// RUN: %hlslc -T lib_6_10 %s | FileCheck %s
// In a library every function without [shader] is an exported definition:
// a matrix parameter or result is a %dx.types.MatrixRef*.

#include <dx/linalg.h>
using namespace dx::linalg;

using MA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using MB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

// CHECK-LABEL: define %"dx.types.MatrixRef"* @"MakeA"(half %".1")
// CHECK: [[M:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 8, i32 16, i32 16, i32 0, i32 1)
// CHECK-NEXT: call void @"dx.op.fillMatrix.f16"(i32 401, %"dx.types.MatrixRef"* [[M]], half %{{.*}})
// CHECK-NEXT: ret %"dx.types.MatrixRef"* [[M]]
MA MakeA(half value) { return MA::Splat(value); }

// CHECK-LABEL: define void @"Accumulate"(%"dx.types.MatrixRef"* %".1", %"dx.types.MatrixRef"* %".2", %"dx.types.MatrixRef"* %".3")
// CHECK: call void @"dx.op.matrixOp"(i32 413, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.MatrixRef"* %{{.*}}, %"dx.types.MatrixRef"* %{{.*}})
// CHECK: ret void
void Accumulate(MC c, MA a, MB b) { c.MultiplyAccumulate(a, b); }

// CHECK: !dx.shaderModel = !{ [[SM:![0-9]+]] }
// CHECK: !dx.linalg.matrixUses = !{ [[U:![0-9]+]] }
// CHECK: [[SM]] = !{ !"lib", i32 6, i32 10 }
// CHECK: [[U]] = !{ i32 16, i32 16, i32 16, i32 1, i32 8, i32 9 }
