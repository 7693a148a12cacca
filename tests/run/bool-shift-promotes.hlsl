// A bool shifted is an int (the integer promotions, as DXC types it):
// `(v != 0) << i` is 0 or 1 << i, the idiom of a bit mask built from tests
// (NVIDIA's OMM SDK: `r |= ((v & b[i]) != 0) << i`).  It shifted the bool
// itself (an `i1` shift, 0 for any shift count but 0; no SPIR-V mapping).
// RUN: %hlslc run %s --pipeline %S/bool-shift-promotes.yaml | FileCheck %s
// CHECK: Masks: pass
// RUN: %hlslc -T cs_6_0 %s -o - | FileCheck %s --check-prefix=IR
// IR-NOT: shl i1
// IR: shl i32

RWStructuredBuffer<uint> Out : register(u0);
static const uint Folded = true << 4;

uint log2_bits(uint v) {
  static const uint b[] = { 0x2, 0xC, 0xF0, 0xFF00, 0xFFFF0000 };
  uint r = 0;
  for (uint i = 4; i < 5; --i)
    r |= ((v & b[i]) != 0) << i;   // which halves hold set bits
  return r;
}

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint v = i + 1;
  Out[i] = ((v & 1) != 0) << (i + 3);
  Out[4 + i] = log2_bits(1u << (i * 7));
  bool2 flags = bool2(i > 1, i < 3);
  uint2 shifted = flags << uint2(1, 2);
  Out[8 + i] = shifted.x + shifted.y + Folded;
}
