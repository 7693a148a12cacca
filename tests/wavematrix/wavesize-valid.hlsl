// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -E Range -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -E NoMatrix -fsyntax-only -verify %s
// expected-no-diagnostics
// Thread groups of whole waves (see wavesize.hlsl), and an entry that does
// not use wave matrices, whose group size is not checked against its wave
// size.

RWByteAddressBuffer Out;

[wavesize(32)]
[numthreads(32, 2, 2)]
void main()
{
    WaveMatrixLeft<float, 16, 16> a;
    a.Fill(1.0f);
}

[wavesize(16, 64, 32)]
[numthreads(16, 1, 1)]
void Range()
{
    WaveMatrixAccumulator<float, 16, 16> c;
    c.Fill(0.0f);
}

[wavesize(32)]
[numthreads(1, 1, 1)]
void NoMatrix()
{
    Out.Store(0, 1);
}
