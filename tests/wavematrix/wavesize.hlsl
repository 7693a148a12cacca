// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -E Range -fsyntax-only -verify=range %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -E Indirect -fsyntax-only -verify=indirect %s
// An entry that uses wave matrices (itself or through a function it calls)
// and gives [wavesize] must have a thread group of whole waves: the
// numthreads product a multiple of the wave size (the smallest of a range:
// the runtime picks one of the range, and a group that is not a multiple of
// the smallest is wrong on every device).  Entries that do not use wave
// matrices are not concerned.  Passing counterpart: wavesize-valid.hlsl.

RWByteAddressBuffer Out;

void Work()
{
    WaveMatrixAccumulator<float, 16, 16> c;
    c.Fill(0.0f);
    c.Store(Out, 0, 64, false);
}

[wavesize(32)]       // expected-note {{wave size 32 is given here}}
[numthreads(48, 1, 1)] // expected-error {{thread group size 48 (48x1x1) of 'main' is not a multiple of the wave size 32: Wave Matrix operations need whole waves}}
void main()
{
    WaveMatrixLeft<float, 16, 16> a;
    a.Fill(1.0f);
}

[wavesize(16, 64)]     // range-note {{wave size 16 is given here}}
[numthreads(8, 3, 1)]  // range-error {{thread group size 24 (8x3x1) of 'Range' is not a multiple of the wave size 16}}
void Range()
{
    Work();
}

[wavesize(64)]         // indirect-note {{wave size 64 is given here}}
[numthreads(32, 1, 1)] // indirect-error {{thread group size 32 (32x1x1) of 'Indirect' is not a multiple of the wave size 64}}
void Indirect()
{
    Work();
}
