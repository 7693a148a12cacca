// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// A wave matrix is an opaque per-wave object (an alloca annotated with its
// properties): it can only be a local variable or a function parameter, not
// a global, groupshared or static variable, nor a struct field.  Passing
// counterpart: placement-valid.hlsl.

WaveMatrixLeft<float, 16, 16> GlobalLeft;                         // expected-error {{'WaveMatrixLeft<float, 16, 16>' cannot be a global variable: a wave matrix can only be a local variable or a function parameter}}
static WaveMatrixRight<float, 16, 16> StaticRight;                // expected-error {{'WaveMatrixRight<float, 16, 16>' cannot be a global variable}}
groupshared WaveMatrixAccumulator<float, 16, 16> SharedAcc;       // expected-error {{'WaveMatrixAccumulator<float, 16, 16>' cannot be a groupshared variable}}

struct Holder
{
    WaveMatrixLeftColAcc<int, 16, 16> frag;                       // expected-error {{'WaveMatrixLeftColAcc<int, 16, 16>' cannot be a struct field}}
};

[numthreads(32, 1, 1)]
void main()
{
    static WaveMatrixRightRowAcc<float, 16, 16> kept;             // expected-error {{'WaveMatrixRightRowAcc<float, 16, 16>' cannot be a static variable}}
}
