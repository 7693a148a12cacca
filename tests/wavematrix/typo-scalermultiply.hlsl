// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// The spec's zero-point example misspells ScalarMultiply: a member that does
// not exist, with a suggestion.  (The example itself, typo kept, is
// tests/acceptance/wavematrix_typo_scalermultiply.hlsl.)

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixRightRowAcc<int, 16, 16> matBZeroPoint;
    matBZeroPoint.Fill(0);
    // expected-note@+1 {{did you mean 'ScalarMultiply'?}}
    matBZeroPoint.ScalerMultiply(-3); // expected-error {{no member named 'ScalerMultiply' in 'WaveMatrixRightRowAcc<int, 16, 16>'}}
    matBZeroPoint.MatrixDepth();      // expected-error {{'MatrixDepth' is not available on 'WaveMatrixRightRowAcc' (only on WaveMatrixLeft, WaveMatrixRight)}}
}
