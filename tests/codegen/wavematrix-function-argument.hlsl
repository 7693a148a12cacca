// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// A wave matrix is used through its alloca: passing one to a user function
// (inlined) passes the caller's pointer, so the callee's operations act on
// the caller's matrix and no second alloca or annotation is made.

RWByteAddressBuffer Out : register(u0);

void Scale(WaveMatrixAccumulator<float, 16, 16> m, float s) { m.ScalarMultiply(s); }
void Write(WaveMatrixAccumulator<float, 16, 16> m, uint offset) { m.Store(Out, offset, 64, false); }

[numthreads(32, 1, 1)]
void main()
{
    // CHECK-COUNT-1: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"acc", %"dx.types.waveMatProps" {i8 4, i8 9, i32 16, i32 16})
    // CHECK-NOT: alloca %"dx.types.waveMatrix"
    // CHECK-NOT: waveMatrix_Annotate
    WaveMatrixAccumulator<float, 16, 16> acc;
    // CHECK: call void @"dx.op.waveMatrix_Fill.f32"(i32 228, %"dx.types.waveMatrix"* %"acc", float 0x3ff0000000000000)
    acc.Fill(1.0f);
    // CHECK: call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"acc", i8 2, float %{{.*}})
    Scale(acc, 3.0f);
    // CHECK: call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"acc", %"dx.types.Handle" %{{.*}}, i32 %{{.*}}, i32 64, i8 0, i1 0)
    Write(acc, 256);
}
