// hlslc run: buffer accesses whose lanes are partly out of bounds.  The JIT
// runs a group of 256 threads as eight vectors of 32 lanes; an access whose
// lanes' addresses are known to be consecutive (or one place) takes a fast
// path, one vector load or store, when every lane of the vector is in
// bounds, and the lanes' own path when some are not: loads out of bounds
// read zero and stores there are dropped (D3D's rules), on both engines.
// The edges fall inside vectors: the buffers end at 600 elements (the third
// group's fourth vector), an offset from a constant buffer moves the edge,
// a reversed index wraps past zero, a stride of two skips every other
// word, and a condition leaves a third of the lanes out.
// RUN: %hlslc run %s --pipeline %S/jit-partial-vectors.yaml | FileCheck %s
// CHECK: Out: pass
// CHECK-NEXT: Mid: pass
// The reads past the end are the point: --check says so (at the first).
// RUN: not %hlslc run %s --pipeline %S/jit-partial-vectors.yaml --check --print-buffers=none 2>&1 | FileCheck %s --check-prefix=CHECKED
// CHECKED: jit-partial-vectors.hlsl:[[@LINE+11]]:13: error: a read outside buffer 'X' (byte 2400 of 2400)

StructuredBuffer<float> X : register(t0);
ByteAddressBuffer Raw : register(t1);
RWStructuredBuffer<float> Out : register(u0);
RWStructuredBuffer<uint> Mid : register(u1);
cbuffer P : register(b0) { uint Shift; uint Stride; };

[numthreads(256, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  uint i = id.x;
  float a = X[i];
  float b = X[i + Shift];
  float c = X[599 - i];
  uint r = Raw.Load(i * Stride);
  Out[i] = a * 2.0 + b - c + (float)(r & 255);
  if (gi % 3 != 0)
    Mid[i + 2 * Shift] = r ^ i;
}
