// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// Element types per kind (the spec's CheckFeatureSupport sections): Left and
// Right take float32_t, float16_t, int8_t4_packed or uint8_t4_packed;
// Accumulator, LeftColAcc and RightRowAcc take float32_t, float16_t or
// int32_t.  Passing counterpart: element-types-valid.hlsl.

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<double, 16, 16> a;             // expected-error {{'WaveMatrixLeft' element type must be one of float32_t, float16_t, int8_t4_packed, uint8_t4_packed, not 'double'}}
    WaveMatrixRight<int, 16, 16> b;               // expected-error {{'WaveMatrixRight' element type must be one of float32_t, float16_t, int8_t4_packed, uint8_t4_packed, not 'int'}}
    WaveMatrixLeft<uint, 16, 16> c;               // expected-error {{'WaveMatrixLeft' element type must be one of}}
    WaveMatrixAccumulator<uint8_t4_packed, 16, 16> d; // expected-error {{'WaveMatrixAccumulator' element type must be one of float32_t, float16_t, int32_t, not 'uint8_t4_packed'}}
    WaveMatrixLeftColAcc<uint, 16, 16> e;         // expected-error {{'WaveMatrixLeftColAcc' element type must be one of float32_t, float16_t, int32_t, not 'uint'}}
    WaveMatrixRightRowAcc<int16_t, 16, 16> f;     // expected-error {{'WaveMatrixRightRowAcc' element type must be one of float32_t, float16_t, int32_t, not 'int16_t'}}
    WaveMatrixAccumulator<float4, 16, 16> g;      // expected-error {{'WaveMatrixAccumulator' element type must be one of float32_t, float16_t, int32_t, not 'float4'}}
}
