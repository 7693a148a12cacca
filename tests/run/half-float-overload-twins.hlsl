// Overloads written for builds with and without 16-bit types, `float3
// f(float3)` beside `half3 f(half3)`: without -enable-16bit-types `half` is
// a 32-bit float, so the two have one signature for hlslc; a call with a
// float argument takes the `float` one, as DXC does (it was "call to 'tone'
// is ambiguous").  With -enable-16bit-types they are two signatures.
// RUN: %hlslc run %s --pipeline %S/half-float-overload-twins.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_2 -enable-16bit-types %s -o %t.ll

RWStructuredBuffer<float> Out : register(u0);

float3 tone(float3 x) { return x * 2; }
half3 tone(half3 x) { return x * 3; }
float scale(float x, float y) { return x * y; }
half scale(half x, half y) { return x + y; }

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID) {
  float3 v = float3(i, i + 1, i + 2);
  Out[i] = dot(tone(v), 1) + scale((float)i, 10.0f);
}
