// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// Multiply (233) and MultiplyAccumulate (234) share the function
// dx.op.waveMatrix_Multiply(accumulator, left, right).

RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float16_t, 16, 16> a;
    WaveMatrixRight<float16_t, 16, 16> b;
    WaveMatrixAccumulator<float, 16, 16> c;
    a.Fill(1.0h);
    b.Fill(2.0h);

    // CHECK: call void @"dx.op.waveMatrix_Multiply"(i32 233, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"a", %"dx.types.waveMatrix"* %"b")
    c.Multiply(a, b);
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Multiply"(i32 234, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"a", %"dx.types.waveMatrix"* %"b")
    c.MultiplyAccumulate(a, b);

    c.Store(Out, 0, 64, false);
}

// CHECK-COUNT-1: declare void @"dx.op.waveMatrix_Multiply"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.waveMatrix"* %".3", %"dx.types.waveMatrix"* %".4") nounwind
// CHECK-NOT: declare void @"dx.op.waveMatrix_Multiply"
// CHECK-NOT: !dx.linalg.matrixUses
