// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// Add: an accumulator += an accumulator (element-wise) or a fragment
// (broadcast), of the same M and N; element types may differ (the added
// matrix is converted).  Passing counterpart: add-valid.hlsl.

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixAccumulator<float, 64, 16> c64;
    WaveMatrixLeftColAcc<float, 16, 64> colSums;
    WaveMatrixRightRowAcc<int, 64, 16> rowSums;
    WaveMatrixLeft<float, 16, 16> a;

    c.Add(c64);                       // expected-error {{'Add' needs matrices of the same dimensions: 'WaveMatrixAccumulator<float, 16, 16>' is 16x16 (M x N) but the accumulator 'WaveMatrixAccumulator<float, 64, 16>' is declared with M = 64, N = 16}}
    c.Add(colSums);                   // expected-error {{'Add' needs matrices of the same dimensions: 'WaveMatrixAccumulator<float, 16, 16>' is 16x16 (M x N) but the fragment 'WaveMatrixLeftColAcc<float, 16, 64>' is declared with M = 16, N = 64}}
    c.Add(rowSums);                   // expected-error {{but the fragment 'WaveMatrixRightRowAcc<int, 64, 16>' is declared with M = 64, N = 16}}
    c.Add(a);                         // expected-error {{argument 1 of 'Add' must be a WaveMatrixAccumulator or WaveMatrixLeftColAcc or WaveMatrixRightRowAcc, not 'WaveMatrixLeft<float, 16, 16>'}}
    colSums.Add(colSums);             // expected-error {{'Add' is not available on 'WaveMatrixLeftColAcc' (only on WaveMatrixAccumulator)}}
}
