// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// Each Wave Matrix variable is an `alloca %dx.types.waveMatrix` followed by
// one waveMatrix_Annotate (226) with its waveMatProps {kind, component type,
// M, N}: kinds Left 0, Right 1, LeftColAcc 2, RightRowAcc 3, Accumulator 4;
// component types F16 8, F32 9, I32 4, PackedS8x32 17, PackedU8x32 18.

// CHECK-DAG: %"dx.types.waveMatrix" = type {i8*}
// CHECK-DAG: %"dx.types.waveMatProps" = type {i8, i8, i32, i32}

RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main()
{
    // CHECK-LABEL: define void @"main"()
    // CHECK: %"left" = alloca %"dx.types.waveMatrix"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"left", %"dx.types.waveMatProps" {i8 0, i8 8, i32 16, i32 16})
    WaveMatrixLeft<float16_t, 16, 16> left;
    // CHECK-NEXT: %"right" = alloca %"dx.types.waveMatrix"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"right", %"dx.types.waveMatProps" {i8 1, i8 9, i32 16, i32 16})
    WaveMatrixRight<float, 16, 16> right;
    // CHECK-NEXT: %"colAcc" = alloca %"dx.types.waveMatrix"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"colAcc", %"dx.types.waveMatProps" {i8 2, i8 4, i32 16, i32 16})
    WaveMatrixLeftColAcc<int, 16, 16> colAcc;
    // CHECK-NEXT: %"rowAcc" = alloca %"dx.types.waveMatrix"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"rowAcc", %"dx.types.waveMatProps" {i8 3, i8 9, i32 16, i32 16})
    WaveMatrixRightRowAcc<float, 16, 16> rowAcc;
    // CHECK-NEXT: %"acc" = alloca %"dx.types.waveMatrix"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"acc", %"dx.types.waveMatProps" {i8 4, i8 9, i32 16, i32 16})
    WaveMatrixAccumulator<float, 16, 16> acc;
    // CHECK-NEXT: %"packedS" = alloca %"dx.types.waveMatrix"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"packedS", %"dx.types.waveMatProps" {i8 0, i8 17, i32 16, i32 16})
    WaveMatrixLeft<int8_t4_packed, 16, 16> packedS;
    // CHECK-NEXT: %"packedU" = alloca %"dx.types.waveMatrix"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"packedU", %"dx.types.waveMatProps" {i8 1, i8 18, i32 16, i32 16})
    WaveMatrixRight<uint8_t4_packed, 16, 16> packedU;
    // CHECK-NEXT: %"big" = alloca %"dx.types.waveMatrix"
    // CHECK-NEXT: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"big", %"dx.types.waveMatProps" {i8 4, i8 4, i32 64, i32 16})
    WaveMatrixAccumulator<int, 64, 16> big;

    acc.Fill(0.0f);
    acc.Store(Out, 0, 64, false);
}

// CHECK: declare void @"dx.op.waveMatrix_Annotate"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.waveMatProps" %".3") nounwind
