// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// Every Wave Matrix member of a struct is diagnosed, not only the first one
// (each member is checked on its own).

struct Tiles
{
    WaveMatrixLeft<float, 16, 16> left[2];          // expected-error {{declaration of type WaveMatrixLeft may not be an array}}
    WaveMatrixRight<float, 16, 16> right[2];        // expected-error {{declaration of type WaveMatrixRight may not be an array}}
    float scale;
    WaveMatrixAccumulator<float, 16, 16> acc[4];    // expected-error {{declaration of type WaveMatrixAccumulator may not be an array}}
    WaveMatrixAccumulator<float, 16, 16> single;    // expected-error {{'WaveMatrixAccumulator<float, 16, 16>' cannot be a struct field: a wave matrix can only be a local variable or a function parameter}}
};

[numthreads(32, 1, 1)]
void main()
{
}
