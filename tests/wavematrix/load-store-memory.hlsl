// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// Load reads a [RW]ByteAddressBuffer or a groupshared array; Store writes a
// RWByteAddressBuffer or a groupshared array.  The array must be
// groupshared and its element type the matrix's (a packed 8-bit matrix also
// takes uint words).  Passing counterpart: load-store-valid.hlsl.

ByteAddressBuffer In;
RWByteAddressBuffer Out;
StructuredBuffer<float> Structured;
groupshared float SharedF[1024];
groupshared half SharedH[1024];
static float Private[1024];

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixLeft<half, 16, 16> a;
    c.Store(In, 0, 64, false);               // expected-error {{'Store' needs a RWByteAddressBuffer: a ByteAddressBuffer is read-only}}
    c.Load(Structured, 0, 64, false);        // expected-error {{'Load' needs a ByteAddressBuffer or RWByteAddressBuffer, not 'StructuredBuffer<float>'}}
    c.Load(Private, 0, 16, false);           // expected-error {{'Load' with an array needs a groupshared array; 'Private' is not declared 'groupshared'}}
    c.Store(SharedH, 0, 16, false);          // expected-error {{the groupshared array's element type 'half' does not match the matrix element type 'float'}}
    a.Load(SharedF, 0, 16, false);           // expected-error {{the groupshared array's element type 'float' does not match the matrix element type 'half'}}
    c.Load(1.0f, 0, 16, false);              // expected-error {{'Load' needs a [RW]ByteAddressBuffer or a groupshared array as its first argument}}
}
