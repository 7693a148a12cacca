// A scalar shifted by a vector is a vector (the scalar splatted), as in DXC:
// NRD's MathLib unpacks channels with `uint4 c = p >> uint4(0, 8, 16, 24)`.
// This was an internal compiler error in a local declaration's store.
// RUN: %hlslc run %s --pipeline %S/Inputs/shift-scalar-by-vector.yaml | FileCheck %s
// CHECK: Channels: pass

RWStructuredBuffer<uint4> Out : register(u0);

uint4 UintToRgba(uint p, uint rBits, uint gBits, uint bBits) {
  uint gShift = rBits, bShift = rBits + gBits, aShift = bShift + bBits;
  uint4 c = p >> uint4(0, gShift, bShift, aShift);
  return c & ((1u << uint4(rBits, gBits, bBits, 32 - aShift)) - 1);
}

[numthreads(1, 1, 1)]
void main() {
  Out[0] = UintToRgba(0x44332211, 8, 8, 8);
  Out[1] = 1 << uint4(0, 1, 2, 3);
  int s = -64;
  Out[2] = uint4((s >> int4(1, 2, 3, 4)) + 100);
}
