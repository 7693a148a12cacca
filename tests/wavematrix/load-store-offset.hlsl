// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// A constant start offset into a [RW]ByteAddressBuffer (in bytes) must be
// DWORD-aligned.  Groupshared offsets count array elements and have no such
// rule.  Passing counterpart: load-store-valid.hlsl.

ByteAddressBuffer In;
RWByteAddressBuffer Out;

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<half, 16, 16> a;
    WaveMatrixRightRowAcc<float, 16, 16> frag;
    a.Load(In, 2, 32, false);         // expected-error {{'Load' start offset 2 is not DWORD-aligned: a byte offset into a [RW]ByteAddressBuffer must be a multiple of 4}}
    a.Store(Out, 4 * 16 + 1, 32, false); // expected-error {{'Store' start offset 65 is not DWORD-aligned}}
    frag.Store(Out, 6, 4);            // expected-error {{'Store' start offset 6 is not DWORD-aligned}}
}
