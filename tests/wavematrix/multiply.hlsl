// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// Multiply / MultiplyAccumulate: the accumulator takes a WaveMatrixLeft and
// a WaveMatrixRight of the same element type (int8 and uint8 may be mixed),
// all three of the same M and N (Left is M x K, Right K x N, the result
// M x N, and K is the device's for one type, M and N), and the inputs'
// type accumulates into the accumulator's (float32 -> float32, float16 ->
// float16 or float32, 8-bit -> int32).  Passing counterpart:
// multiply-valid.hlsl.

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<half, 16, 16> a16;
    WaveMatrixLeft<half, 64, 16> a64;
    WaveMatrixRight<half, 16, 16> b16;
    WaveMatrixRight<half, 16, 64> b64;
    WaveMatrixRight<float, 16, 16> bf;
    WaveMatrixLeft<float, 16, 16> af;
    WaveMatrixLeft<int8_t4_packed, 16, 16> ai;
    WaveMatrixRight<uint8_t4_packed, 16, 16> bu;
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixAccumulator<half, 16, 16> ch;
    WaveMatrixAccumulator<int, 16, 16> ci;
    WaveMatrixLeftColAcc<float, 16, 16> frag;

    c.Multiply(a16, bf);              // expected-error {{left and right matrices must have the same element type ('half' vs 'float'); only int8 and uint8 may be mixed}}
    c.MultiplyAccumulate(ai, b16);    // expected-error {{left and right matrices must have the same element type ('int8_t4_packed' vs 'half')}}
    c.Multiply(a64, b16);             // expected-error {{'Multiply' needs matrices of the same dimensions: 'WaveMatrixAccumulator<float, 16, 16>' is 16x16 (M x N) but the left matrix 'WaveMatrixLeft<half, 64, 16>' is declared with M = 64, N = 16}}
    c.MultiplyAccumulate(a16, b64);   // expected-error {{'MultiplyAccumulate' needs matrices of the same dimensions: 'WaveMatrixAccumulator<float, 16, 16>' is 16x16 (M x N) but the right matrix 'WaveMatrixRight<half, 16, 64>' is declared with M = 16, N = 64}}
    ci.Multiply(a16, b16);            // expected-error {{'Multiply' cannot accumulate 'half' elements into 'WaveMatrixAccumulator<int, 16, 16>': float16_t accumulates into float16_t or float32_t}}
    ch.Multiply(af, bf);              // expected-error {{'Multiply' cannot accumulate 'float' elements into 'WaveMatrixAccumulator<half, 16, 16>': float32_t accumulates into float32_t}}
    c.MultiplyAccumulate(ai, bu);     // expected-error {{'MultiplyAccumulate' cannot accumulate 'int8_t4_packed' elements into 'WaveMatrixAccumulator<float, 16, 16>': int8_t4_packed accumulates into int32_t}}
    c.Multiply(b16, a16);             // expected-error {{argument 1 of 'Multiply' must be a WaveMatrixLeft, not 'WaveMatrixRight<half, 16, 16>'}}
    c.Multiply(a16, frag);            // expected-error {{argument 2 of 'Multiply' must be a WaveMatrixRight, not 'WaveMatrixLeftColAcc<float, 16, 16>'}}
    frag.Multiply(a16, b16);          // expected-error {{'Multiply' is not available on 'WaveMatrixLeftColAcc' (only on WaveMatrixAccumulator)}}
}
