// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// M and N are values of D3D12_WAVE_MMA_DIMENSION: 16 or 64.  Passing
// counterpart: dimensions-valid.hlsl.

static const uint Eight = 8;

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float, 32, 16> a;          // expected-error {{'WaveMatrixLeft' dimension M must be 16 or 64, not 32}}
    WaveMatrixRight<float, 16, 128> b;        // expected-error {{'WaveMatrixRight' dimension N must be 16 or 64, not 128}}
    WaveMatrixAccumulator<float, Eight, 16> c; // expected-error {{'WaveMatrixAccumulator' dimension M must be 16 or 64, not 8}}
    WaveMatrixLeftColAcc<float, 16, 0> d;     // expected-error {{'WaveMatrixLeftColAcc' dimension N must be 16 or 64, not 0}}
    WaveMatrixRightRowAcc<float, 1.5, 16> e;  // expected-error {{'WaveMatrixRightRowAcc' dimension M must be an integer constant}}
}
