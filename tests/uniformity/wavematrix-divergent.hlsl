// Wave Matrix operations (SM 6.8) must be called from wave-uniform control
// flow; hlslc reports each at its source location.
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -verify %s -o %t
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -DUNIFORM %s -o %t
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint lane : SV_GroupIndex) { // expected-note 2 {{this may differ between threads: dx.op FlattenedThreadIdInGroup differs per thread}}
#ifdef UNIFORM
  uint n = WaveReadLaneFirst(lane);
#else
  uint n = lane; // expected-note 2 {{which is computed from a value that may differ between threads}}
#endif
  WaveMatrixLeft<half, 16, 16> a;
  WaveMatrixRight<half, 16, 16> b;
  WaveMatrixAccumulator<float, 16, 16> c;
  a.Load(In, 0, 32, false);
  b.Load(In, 512, 32, false);
  c.Fill(0.0f);
  if (n > 3) { // expected-note 2 {{the branch is here}}
    c.Multiply(a, b); // expected-error {{this operation (Wave Matrix operation WaveMatrix_Multiply) must be called from wave-uniform control flow}}
    c.Store(Out, 0, 64, false); // expected-error {{this operation (Wave Matrix operation WaveMatrix_StoreRawBuf) must be called from wave-uniform control flow}}
  }
}
