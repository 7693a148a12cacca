// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// expected-no-diagnostics
// All four combinations of M and N in {16, 64}, also from constants.

static const uint Big = 64;

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float, 16, 16> a;
    WaveMatrixRight<float, 16, 64> b;
    WaveMatrixAccumulator<float, Big, 16> c;
    WaveMatrixLeftColAcc<float, 64, Big> d;
    WaveMatrixRightRowAcc<float, 4 * 16, 16> e;
}
