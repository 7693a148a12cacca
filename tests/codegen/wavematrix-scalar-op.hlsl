// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// ScalarAdd / ScalarSubtract / ScalarMultiply / ScalarDivide:
// waveMatrix_ScalarOp.<T> (235) with an i8 op (Add 0, Subtract 1,
// Multiply 2, Divide 3) and the value converted to the element type.

RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixAccumulator<float16_t, 16, 16> h;
    WaveMatrixAccumulator<int, 16, 16> i;
    c.Fill(1.0f);
    h.Fill(1.0h);
    i.Fill(1);

    // CHECK: call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"c", i8 0, float 0x3ff0000000000000)
    c.ScalarAdd(1.0f);
    // CHECK-NEXT: call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"c", i8 1, float 0x4000000000000000)
    c.ScalarSubtract(2.0f);
    // CHECK-NEXT: call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"c", i8 2, float 0x4008000000000000)
    c.ScalarMultiply(3.0f);
    // CHECK-NEXT: call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"c", i8 3, float 0x4010000000000000)
    c.ScalarDivide(4.0f);

    // CHECK: call void @"dx.op.waveMatrix_ScalarOp.f16"(i32 235, %"dx.types.waveMatrix"* %"h", i8 2, half 0x3fe0000000000000)
    h.ScalarMultiply(0.5h);

    // CHECK: [[GI:%"\.[0-9]+"]] = load i32, i32* %"gi"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_ScalarOp.i32"(i32 235, %"dx.types.waveMatrix"* %"i", i8 0, i32 [[GI]])
    i.ScalarAdd(gi);

    c.Store(Out, 0, 64, false);
}

// CHECK-DAG: declare void @"dx.op.waveMatrix_ScalarOp.f32"(i32 %".1", %"dx.types.waveMatrix"* %".2", i8 %".3", float %".4") nounwind
// CHECK-DAG: declare void @"dx.op.waveMatrix_ScalarOp.f16"(i32 %".1", %"dx.types.waveMatrix"* %".2", i8 %".3", half %".4") nounwind
// CHECK-DAG: declare void @"dx.op.waveMatrix_ScalarOp.i32"(i32 %".1", %"dx.types.waveMatrix"* %".2", i8 %".3", i32 %".4") nounwind
