// hlslc run: every spelling of a constant the IR carries reads as the
// value it stands for.  Logical not is `xor i1 %c, -1` (and a vector's
// `xor <2 x i1> %v, <i1 -1, i1 -1>`): `i1 -1` is true, so `if (!c)`,
// `(!c) ? a : b` and `(uint)!c` run as written; negative switch cases
// (`i32 -1`), negative 16- and 64-bit table entries (`i16 -32768`, `i64 -1`),
// halves and floats written as a double's hex bits (`half 0x3fb9980000000000`,
// `float 0x3fb99999a0000000`).  Expected values from Python.
// RUN: %hlslc run %s --pipeline %S/constants.yaml | FileCheck %s
// CHECK: Ints: pass
// CHECK-NEXT: Floats: pass

RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float> OutF : register(u1);
static const int16_t T16[3] = { -3, 7, -32768 };
static const half H[2] = { 0.1, -2.5 };
static const int64_t T64[2] = { -1, 5 };

[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  bool c = gi < 4;
  bool2 v = bool2(gi & 1, gi & 2);
  bool2 nv = !v;
  uint r = 0;
  if (!c)
    r += 1;
  r += ((!c) ? 10 : 20);
  r += (uint)!c * 100;
  r += nv.x ? 1000 : 0;
  r += nv.y ? 10000 : 0;
  int s = (int)gi - 4;
  switch (s) {
  case -1: r += 100000; break;
  case -4: r += 200000; break;
  default: break;
  }
  Out[gi] = r;
  Out[8 + gi] = (uint)(int)T16[gi % 3] + (uint)(int)T64[gi & 1] + (uint)(int)(int16_t)(gi * 0x8000);
  OutF[gi] = (float)H[gi & 1] + 0.1f * (float)gi;
}
