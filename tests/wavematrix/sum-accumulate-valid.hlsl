// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// expected-no-diagnostics
// SumAccumulate with matching sides, dimensions and types (see
// sum-accumulate.hlsl), as in the spec's zero-point example.

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<half, 16, 16> a;
    WaveMatrixRight<half, 16, 16> b;
    WaveMatrixLeftColAcc<float, 16, 16> colSums;
    WaveMatrixRightRowAcc<half, 16, 16> rowSums;
    colSums.SumAccumulate(a);
    rowSums.SumAccumulate(b);

    WaveMatrixLeft<int8_t4_packed, 64, 64> ai;
    WaveMatrixRight<uint8_t4_packed, 64, 64> bu;
    WaveMatrixLeftColAcc<int, 64, 64> colInt;
    WaveMatrixRightRowAcc<int, 64, 64> rowInt;
    colInt.SumAccumulate(ai);
    rowInt.SumAccumulate(bu);
}
