// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// A constant stride is at least one memory-layout row (a logical row, or a
// column when bColMajor): Left is M x K, Right K x N, the accumulator M x N.
// K (MatrixDepth()) is the device's, a multiple of 16: rows of K elements
// are checked against K = 16.  Buffers count bytes (f16 2, f32 and int32 4,
// packed 8-bit 1 per element), groupshared arrays count elements (a packed
// array holds 4 elements per word).  Fragments: the element stride is at
// least one element (buffers) or 1 (arrays).  Passing counterpart:
// load-store-valid.hlsl.

RWByteAddressBuffer Buf;
groupshared float SharedF[4096];
groupshared uint SharedPacked[4096];

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<half, 16, 16> a;
    WaveMatrixRight<float, 16, 64> b;
    WaveMatrixAccumulator<float, 16, 64> c;
    WaveMatrixLeft<int8_t4_packed, 16, 16> p;
    WaveMatrixLeftColAcc<float, 16, 16> frag;
    a.Load(Buf, 0, 16, false);        // expected-error {{'Load' stride 16 bytes is less than a memory-layout row of 'WaveMatrixLeft<half, 16, 16>' (at least K = 16 elements, 32 bytes)}}
    a.Load(Buf, 0, 30, true);         // expected-error {{'Load' stride 30 bytes is less than a memory-layout column of 'WaveMatrixLeft<half, 16, 16>' (16 elements, 32 bytes)}}
    b.Load(Buf, 0, 128, false);       // expected-error {{'Load' stride 128 bytes is less than a memory-layout row of 'WaveMatrixRight<float, 16, 64>' (64 elements, 256 bytes)}}
    b.Load(Buf, 0, 60, true);         // expected-error {{memory-layout column of 'WaveMatrixRight<float, 16, 64>' (at least K = 16 elements, 64 bytes)}}
    c.Store(Buf, 0, 64, false);       // expected-error {{'Store' stride 64 bytes is less than a memory-layout row of 'WaveMatrixAccumulator<float, 16, 64>' (64 elements, 256 bytes)}}
    c.Store(Buf, 0, 32, true);        // expected-error {{'Store' stride 32 bytes is less than a memory-layout column of 'WaveMatrixAccumulator<float, 16, 64>' (16 elements, 64 bytes)}}
    c.Store(SharedF, 0, 32, false);   // expected-error {{'Store' stride 32 array elements is less than a memory-layout row of 'WaveMatrixAccumulator<float, 16, 64>' (64 elements, 64 array elements)}}
    p.Load(Buf, 0, 12, false);        // expected-error {{'Load' stride 12 bytes is less than a memory-layout row of 'WaveMatrixLeft<int8_t4_packed, 16, 16>' (at least K = 16 elements, 16 bytes)}}
    p.Load(SharedPacked, 0, 3, false); // expected-error {{'Load' stride 3 array elements is less than a memory-layout row of 'WaveMatrixLeft<int8_t4_packed, 16, 16>' (at least K = 16 elements, 4 array elements)}}
    frag.Load(Buf, 0, 2);             // expected-error {{'Load' element stride 2 bytes is less than the element size (4 bytes)}}
    frag.Store(SharedF, 0, 0);        // expected-error {{'Store' element stride 0 array elements is less than 1}}
}
