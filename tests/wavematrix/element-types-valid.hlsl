// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// expected-no-diagnostics
// Every element type the spec allows, per kind (see element-types.hlsl).

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float32_t, 16, 16> l0;
    WaveMatrixLeft<float16_t, 16, 16> l1;
    WaveMatrixLeft<int8_t4_packed, 16, 16> l2;
    WaveMatrixLeft<uint8_t4_packed, 16, 16> l3;
    WaveMatrixRight<float, 16, 16> r0;
    WaveMatrixRight<half, 16, 16> r1;
    WaveMatrixRight<int8_t4_packed, 16, 16> r2;
    WaveMatrixRight<uint8_t4_packed, 16, 16> r3;
    WaveMatrixAccumulator<float32_t, 16, 16> a0;
    WaveMatrixAccumulator<float16_t, 16, 16> a1;
    WaveMatrixAccumulator<int32_t, 16, 16> a2;
    WaveMatrixLeftColAcc<float, 16, 16> c0;
    WaveMatrixLeftColAcc<half, 16, 16> c1;
    WaveMatrixLeftColAcc<int, 16, 16> c2;
    WaveMatrixRightRowAcc<float, 16, 16> w0;
    WaveMatrixRightRowAcc<half, 16, 16> w1;
    WaveMatrixRightRowAcc<int, 16, 16> w2;
}
