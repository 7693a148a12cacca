// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// The optional alignment of a buffer Load/Store, when constant, is 0 or a
// power of two >= 4, and the row stride follows it.  Passing counterpart:
// load-store-valid.hlsl.

RWByteAddressBuffer Buf;

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixLeftColAcc<float, 16, 16> frag;
    c.Load(Buf, 0, 64, false, 2);     // expected-error {{'Load' alignment 2 must be 0 or a power of two greater than or equal to 4}}
    c.Store(Buf, 0, 64, false, 12);   // expected-error {{'Store' alignment 12 must be 0 or a power of two greater than or equal to 4}}
    frag.Load(Buf, 0, 4, 6);          // expected-error {{'Load' alignment 6 must be 0 or a power of two}}
    c.Load(Buf, 0, 72, false, 16);    // expected-error {{'Load' stride 72 is not a multiple of the alignment 16: each memory-layout row must be aligned}}
    uint align = Buf.Load(8);
    c.Load(Buf, 0, 64, false, align); // expected-error {{'Load' alignment must be a constant expression}}
}
