// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// Arrays of wave matrices are rejected, as DXC's preview did ("declaration
// of type WaveMatrixLeft may not be an array"): local variables, function
// parameters, struct fields and typedefs.  Passing counterpart:
// placement-valid.hlsl.

struct S
{
    WaveMatrixAccumulator<float, 16, 16> acc[2]; // expected-error {{declaration of type WaveMatrixAccumulator may not be an array}}
};

typedef WaveMatrixLeft<float, 16, 16> LeftPair[2]; // expected-error {{declaration of type WaveMatrixLeft may not be an array}}

void f(WaveMatrixRight<float, 16, 16> r[2]) // expected-error {{declaration of type WaveMatrixRight may not be an array}}
{
}

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float, 16, 16> left[2];           // expected-error {{declaration of type WaveMatrixLeft may not be an array}}
    WaveMatrixRight<half, 16, 16> right[2][3];       // expected-error {{declaration of type WaveMatrixRight may not be an array}}
    WaveMatrixLeftColAcc<float, 16, 16> leftCol[4];  // expected-error {{declaration of type WaveMatrixLeftColAcc may not be an array}}
    WaveMatrixRightRowAcc<float, 16, 16> rightRow[4]; // expected-error {{declaration of type WaveMatrixRightRowAcc may not be an array}}
}
