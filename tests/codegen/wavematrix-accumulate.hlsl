// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// SumAccumulate (236: a fragment += the row or column sums of a left or
// right matrix) and Add (237: an accumulator += an accumulator or a
// fragment) share the function dx.op.waveMatrix_Accumulate(acc, input).

RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float16_t, 16, 16> a;
    WaveMatrixRight<float16_t, 16, 16> b;
    WaveMatrixLeftColAcc<float, 16, 16> colSums;
    WaveMatrixRightRowAcc<float, 16, 16> rowSums;
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixAccumulator<float, 16, 16> d;
    a.Fill(1.0h);
    b.Fill(1.0h);
    colSums.Fill(0.0f);
    rowSums.Fill(0.0f);
    c.Fill(0.0f);
    d.Fill(1.0f);

    // CHECK: call void @"dx.op.waveMatrix_Accumulate"(i32 236, %"dx.types.waveMatrix"* %"colSums", %"dx.types.waveMatrix"* %"a")
    colSums.SumAccumulate(a);
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Accumulate"(i32 236, %"dx.types.waveMatrix"* %"rowSums", %"dx.types.waveMatrix"* %"b")
    rowSums.SumAccumulate(b);
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Accumulate"(i32 237, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"d")
    c.Add(d);
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Accumulate"(i32 237, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"colSums")
    c.Add(colSums);
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Accumulate"(i32 237, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"rowSums")
    c.Add(rowSums);

    c.Store(Out, 0, 64, false);
}

// CHECK-COUNT-1: declare void @"dx.op.waveMatrix_Accumulate"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.waveMatrix"* %".3") nounwind
// CHECK-NOT: declare void @"dx.op.waveMatrix_Accumulate"
