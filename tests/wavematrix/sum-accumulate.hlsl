// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// SumAccumulate: sidedness (WaveMatrixLeftColAcc takes a WaveMatrixLeft,
// WaveMatrixRightRowAcc a WaveMatrixRight), the same M and N, and the
// fragment's type the accumulator precision of the input's.  Only
// fragments have it.  Passing counterpart: sum-accumulate-valid.hlsl.

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<half, 16, 16> a;
    WaveMatrixRight<half, 16, 16> b;
    WaveMatrixLeft<half, 64, 16> a64;
    WaveMatrixRight<int8_t4_packed, 16, 16> bi;
    WaveMatrixLeftColAcc<float, 16, 16> colSums;
    WaveMatrixRightRowAcc<float, 16, 16> rowSums;
    WaveMatrixAccumulator<float, 16, 16> c;

    colSums.SumAccumulate(b);         // expected-error {{argument 1 of 'SumAccumulate' must be a WaveMatrixLeft, not 'WaveMatrixRight<half, 16, 16>'}}
    rowSums.SumAccumulate(a);         // expected-error {{argument 1 of 'SumAccumulate' must be a WaveMatrixRight, not 'WaveMatrixLeft<half, 16, 16>'}}
    colSums.SumAccumulate(a64);       // expected-error {{'SumAccumulate' needs matrices of the same dimensions: 'WaveMatrixLeftColAcc<float, 16, 16>' is 16x16 (M x N) but the left matrix 'WaveMatrixLeft<half, 64, 16>' is declared with M = 64, N = 16}}
    rowSums.SumAccumulate(bi);        // expected-error {{'SumAccumulate' cannot accumulate 'int8_t4_packed' elements into 'WaveMatrixRightRowAcc<float, 16, 16>': int8_t4_packed accumulates into int32_t}}
    c.SumAccumulate(a);               // expected-error {{'SumAccumulate' is not available on 'WaveMatrixAccumulator' (only on WaveMatrixLeftColAcc, WaveMatrixRightRowAcc)}}
    colSums.SumAccumulate(colSums);   // expected-error {{argument 1 of 'SumAccumulate' must be a WaveMatrixLeft}}
}
