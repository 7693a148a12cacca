// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// Load/Store forms that meet every rule of load-store-*.hlsl: exact
// minimum strides, aligned offsets, valid alignments, run-time values
// (unchecked), groupshared arrays of the element type or uint words for
// packed matrices.
// expected-no-diagnostics

ByteAddressBuffer In;
RWByteAddressBuffer Out;
groupshared float SharedF[4096];
groupshared half SharedH[4096];
groupshared uint SharedPacked[4096];
groupshared int8_t4_packed SharedS8[4096];

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<half, 16, 16> a;
    WaveMatrixRight<float, 16, 64> b;
    WaveMatrixAccumulator<float, 16, 64> c;
    WaveMatrixLeft<int8_t4_packed, 16, 16> p;
    WaveMatrixLeftColAcc<float, 16, 16> frag;

    a.Load(In, 0, 32, false);
    a.Load(In, 4, 32, true, 0);
    a.Load(SharedH, 3, 16, false);
    b.Load(Out, 8, 256, false, 256);
    b.Load(Out, 12, 64, true, 4);
    c.Store(Out, 1024, 256, false, 16);
    c.Store(Out, 0, 64, true);
    c.Store(SharedF, 1, 64, false);
    c.Store(SharedF, 1, 16, true);
    p.Load(In, 0, 16, false);
    p.Load(SharedPacked, 0, 4, false);
    p.Load(SharedS8, 0, 4, true);
    frag.Load(In, 0, 4);
    frag.Load(In, 0, 8, 16);
    frag.Store(SharedF, 5, 1);
    // Run-time offsets and strides are not checked (the alignment is an
    // immediate operand of the DXIL operation, so it must be a constant).
    uint offset = In.Load(0);
    uint stride = In.Load(4);
    c.Load(In, offset, stride, false, 16);
    frag.Store(Out, offset, stride, 4);

    // CHECK: call void @"dx.op.waveMatrix_LoadRawBuf"(i32 229, %"dx.types.waveMatrix"* %"a", %"dx.types.Handle" %{{.*}}, i32 0, i32 32, i8 0, i1 0)
    // CHECK: call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"c", %"dx.types.Handle" %{{.*}}, i32 1024, i32 256, i8 16, i1 0)
    // CHECK: call void @"dx.op.waveMatrix_LoadGroupShared.i32"(i32 230, %"dx.types.waveMatrix"* %"p",
}
