// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// expected-no-diagnostics
// Add of an accumulator and of both fragments, with matching dimensions and
// mixed element types (see add.hlsl).

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixAccumulator<float, 64, 16> c;
    WaveMatrixAccumulator<half, 64, 16> d;
    WaveMatrixLeftColAcc<int, 64, 16> colSums;
    WaveMatrixRightRowAcc<float, 64, 16> rowSums;
    c.Add(d);
    c.Add(colSums);
    c.Add(rowSums);
}
