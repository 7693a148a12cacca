// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// expected-no-diagnostics
// Multiply / MultiplyAccumulate combinations the spec allows (see
// multiply.hlsl), including int8/uint8 mixing and both 64-sized dimensions.

[numthreads(64, 1, 1)]
void main()
{
    WaveMatrixLeft<half, 16, 16> a;
    WaveMatrixRight<half, 16, 16> b;
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixAccumulator<half, 16, 16> ch;
    c.Multiply(a, b);
    ch.MultiplyAccumulate(a, b);

    WaveMatrixLeft<float, 64, 16> af;
    WaveMatrixRight<float, 64, 16> bf;
    WaveMatrixAccumulator<float, 64, 16> cf;
    cf.MultiplyAccumulate(af, bf);

    WaveMatrixLeft<int8_t4_packed, 16, 64> ai;
    WaveMatrixRight<uint8_t4_packed, 16, 64> bu;
    WaveMatrixRight<int8_t4_packed, 16, 64> bi;
    WaveMatrixAccumulator<int32_t, 16, 64> ci;
    ci.Multiply(ai, bu);
    ci.MultiplyAccumulate(ai, bi);
}
