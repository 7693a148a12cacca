// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// Load / Store with a [RW]ByteAddressBuffer: waveMatrix_LoadRawBuf (229) and
// waveMatrix_StoreRawBuf (231), (matrix, handle, offset, stride, i8
// alignment, i1 colMajor); the alignment defaults to 0 and fragments
// (LeftColAcc, RightRowAcc) have no colMajor argument (i1 0).

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main(uint3 gid : SV_GroupID)
{
    // CHECK: [[IN:%"In[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"In", %"dx.types.ResourceProperties" {i32 11, i32 0})
    // CHECK: [[OUT:%"Out[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Out", %"dx.types.ResourceProperties" {i32 4107, i32 0})
    WaveMatrixLeft<float16_t, 16, 16> a;
    WaveMatrixRight<float16_t, 16, 16> b;
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixLeftColAcc<float, 16, 16> frag;

    // CHECK: call void @"dx.op.waveMatrix_LoadRawBuf"(i32 229, %"dx.types.waveMatrix"* %"a", %"dx.types.Handle" [[IN]], i32 0, i32 32, i8 0, i1 0)
    a.Load(In, 0, 8 * 4, false);
    // CHECK: call void @"dx.op.waveMatrix_LoadRawBuf"(i32 229, %"dx.types.waveMatrix"* %"b", %"dx.types.Handle" [[OUT]], i32 512, i32 32, i8 8, i1 1)
    b.Load(Out, 512, 32, true, 8);

    // A run-time offset.
    // CHECK: [[OFF:%"\.[0-9]+"]] = mul i32 %{{.*}}, 1024
    // CHECK-NEXT: call void @"dx.op.waveMatrix_LoadRawBuf"(i32 229, %"dx.types.waveMatrix"* %"frag", %"dx.types.Handle" [[IN]], i32 [[OFF]], i32 4, i8 0, i1 0)
    frag.Load(In, gid.x * 1024, 4);

    // CHECK: call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"c", %"dx.types.Handle" [[OUT]], i32 0, i32 64, i8 0, i1 0)
    c.Store(Out, 0, 64, false);
    // CHECK: call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"c", %"dx.types.Handle" [[OUT]], i32 1024, i32 64, i8 16, i1 1)
    c.Store(Out, 1024, 64, true, 16);
    // CHECK: call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"frag", %"dx.types.Handle" [[OUT]], i32 2048, i32 4, i8 0, i1 0)
    frag.Store(Out, 2048, 4);
}

// CHECK-DAG: declare void @"dx.op.waveMatrix_LoadRawBuf"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.Handle" %".3", i32 %".4", i32 %".5", i8 %".6", i1 %".7") nounwind
// CHECK-DAG: declare void @"dx.op.waveMatrix_StoreRawBuf"(i32 %".1", %"dx.types.waveMatrix"* %".2", %"dx.types.Handle" %".3", i32 %".4", i32 %".5", i8 %".6", i1 %".7") nounwind
