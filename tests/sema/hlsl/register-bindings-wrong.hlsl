// Register bindings that cannot hold: the wrong register class for the
// resource, and two ranges on the same registers.
// RUN: %hlslc -T cs_6_8 -verify %s

RWStructuredBuffer<uint> A : register(t0); // expected-error {{'A' is a UAV and needs a 'u' register, not 't0'}}
Texture2D<float> B[4] : register(t2);
Texture2D<float> C : register(t4, space0); // expected-error {{register t4 (space 0) of 'C' overlaps 'B'}}
cbuffer K : register(u1) { float k; } // expected-error {{'K' is a CBV and needs a 'b' register, not 'u1'}}

[numthreads(1, 1, 1)]
void main() {
  A[0] = (uint)(B[1][uint2(0, 0)] + C[uint2(0, 0)] + k);
}
