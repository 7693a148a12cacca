// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// A matrix is a %dx.types.MatrixRef* handle: user functions are inlined into
// @main, and the handle flows through copies, parameters, return values and
// out parameters; only the dx.op calls that create a matrix create one.  A
// matrix variable never assigned after its declaration is its handle value
// (no slot); one an out parameter writes lives in an alloca.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

using MC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

MC Make(float value) { return MC::Splat(value); }
void MakeOut(out MC m) { m = MC::Splat(3.0f); }
void StoreAt(MC m, RWByteAddressBuffer buffer, uint offset)
{
    m.Store(buffer, offset, 64, MatrixLayout::RowMajor);
}

// CHECK-LABEL: define void @"main"()
// CHECK-NOT: %"a" = alloca
// CHECK: %"c" = alloca %"dx.types.MatrixRef"*
// CHECK-NOT: %"b" = alloca
[numthreads(32, 1, 1)]
void main()
{
    // The returned handle is the one createMatrix made.
    // CHECK: [[M:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    // CHECK-NEXT: call void @"dx.op.fillMatrix.f32"(i32 401, %"dx.types.MatrixRef"* [[M]], float %{{.*}})
    // CHECK-NEXT: store %"dx.types.MatrixRef"* [[M]], %"dx.types.MatrixRef"** %"Make.ret"
    // CHECK: [[R:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"Make.ret"
    MC a = Make(2.0f);

    // A copy copies the handle: `b` is `a`'s value, no instruction at all.
    MC b = a;

    // The declaration gives `c` a handle of its own; the out parameter then
    // writes the caller's variable.
    // CHECK: [[D:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    // CHECK-NEXT: store %"dx.types.MatrixRef"* [[D]], %"dx.types.MatrixRef"** %"c"
    // CHECK: [[O:%"matrix[.0-9]*"]] = call %"dx.types.MatrixRef"* @"dx.op.createMatrix"(i32 400, i32 9, i32 16, i32 16, i32 2, i32 1)
    // CHECK-NEXT: call void @"dx.op.fillMatrix.f32"(i32 401, %"dx.types.MatrixRef"* [[O]], float 0x4008000000000000)
    // CHECK-NEXT: store %"dx.types.MatrixRef"* [[O]], %"dx.types.MatrixRef"** %"c"
    MC c;
    MakeOut(c);

    // A parameter receives the argument's handle, and a resource parameter
    // the caller's resource handle.
    // CHECK: store %"dx.types.MatrixRef"* [[R]], %"dx.types.MatrixRef"** [[P:%"m[.0-9]*"]]
    // CHECK: [[PM:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** [[P]]
    // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[PM]], %"dx.types.Handle" %"Out.1", i32 {{%"\.[0-9]+"}}, i32 64, i32 0)
    StoreAt(b, Out, 0);
    // CHECK: [[C:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** %"c"
    // CHECK-NEXT: store %"dx.types.MatrixRef"* [[C]], %"dx.types.MatrixRef"** [[P2:%"m[.0-9]*"]]
    // CHECK: [[PC:%"\.[0-9]+"]] = load %"dx.types.MatrixRef"*, %"dx.types.MatrixRef"** [[P2]]
    // CHECK: call void @"dx.op.matrixStoreToDescriptor"(i32 408, %"dx.types.MatrixRef"* [[PC]], %"dx.types.Handle" %"Out.1", i32 {{%"\.[0-9]+"}}, i32 64, i32 0)
    StoreAt(c, Out, 1024);
    // CHECK: ret void
}

// Everything was inlined: the only functions are @main and dx.op declarations.
// CHECK-NOT: define
// CHECK-NOT: @"Make"
// CHECK-NOT: @"StoreAt"
