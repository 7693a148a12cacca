// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// MatrixDepth() is waveMatrix_Depth (227, readnone) on the props alone;
// Fill(v) is waveMatrix_Fill.<f16|f32|i32> (228) with the value converted to
// the element type (packed 8-bit matrices take an i32).

RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float16_t, 16, 16> left;
    WaveMatrixAccumulator<float, 16, 16> acc;
    WaveMatrixAccumulator<int, 16, 16> iacc;
    WaveMatrixRight<uint8_t4_packed, 16, 16> packed;

    // CHECK: [[D:%"depth[.0-9]*"]] = call i32 @"dx.op.waveMatrix_Depth"(i32 227, %"dx.types.waveMatProps" {i8 0, i8 8, i32 16, i32 16})
    // CHECK-NEXT: store i32 [[D]], i32* %"k"
    uint k = left.MatrixDepth();

    // CHECK: call void @"dx.op.waveMatrix_Fill.f16"(i32 228, %"dx.types.waveMatrix"* %"left", half 0x3ff0000000000000)
    left.Fill(1.0h);
    // An integer argument converted to float.
    // CHECK: call void @"dx.op.waveMatrix_Fill.f32"(i32 228, %"dx.types.waveMatrix"* %"acc", float 0x4000000000000000)
    acc.Fill(2);
    // CHECK: [[K:%"\.[0-9]+"]] = load i32, i32* %"k"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Fill.i32"(i32 228, %"dx.types.waveMatrix"* %"iacc", i32 [[K]])
    iacc.Fill(k);
    // CHECK: call void @"dx.op.waveMatrix_Fill.i32"(i32 228, %"dx.types.waveMatrix"* %"packed", i32 16843009)
    packed.Fill(0x01010101u);

    acc.Store(Out, 0, 64, false);
}

// CHECK-DAG: declare i32 @"dx.op.waveMatrix_Depth"(i32 %".1", %"dx.types.waveMatProps" %".2") nounwind readnone
// CHECK-DAG: declare void @"dx.op.waveMatrix_Fill.f16"(i32 %".1", %"dx.types.waveMatrix"* %".2", half %".3") nounwind
// CHECK-DAG: declare void @"dx.op.waveMatrix_Fill.f32"(i32 %".1", %"dx.types.waveMatrix"* %".2", float %".3") nounwind
// CHECK-DAG: declare void @"dx.op.waveMatrix_Fill.i32"(i32 %".1", %"dx.types.waveMatrix"* %".2", i32 %".3") nounwind
