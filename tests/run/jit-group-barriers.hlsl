// hlslc run: barriers in loops, between divergent code.  The JIT runs a
// group of 128 threads as four vectors under one stack of masks (its group
// mode): each block a loop over the vectors that have lanes in it, a
// barrier the end of a block.  Here barriers sit in a uniform loop and in
// a uniform `if` (bounds from a constant buffer), with divergent code
// between them: an inner loop whose trip count differs per thread (with
// `break` and `continue`), a `switch` whose cases atomically count in
// groupshared memory, a variable given constants on the two sides of a
// divergent `if` (not one value for the vector), the tree reduction's
// per-thread `if`, and threads that return early.  Every value is checked
// against the kernel's sequential reading (the phases between barriers).
// RUN: %hlslc run %s --pipeline %S/jit-group-barriers.yaml | FileCheck %s
// CHECK: Out: pass

cbuffer Params : register(b0) { uint Rounds; uint Mode; };
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Tile[128];
groupshared uint Hist[16];

[numthreads(128, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 g : SV_GroupID) {
  uint v = In[id.x];
  if (gi < 16)
    Hist[gi] = 0;
  Tile[gi] = v;
  GroupMemoryBarrierWithGroupSync();
  uint pick = 0;
  if (v & 1)
    pick = 3;
  else
    pick = 70;
  uint seen = Tile[(pick + gi) & 127];
  for (uint r = 0; r < Rounds; r++) {
    uint acc = seen;
    for (uint k = 0; k < (v & 7) + r; k++) {
      if (k == 5 && (gi & 1))
        break;
      if (((k ^ gi) & 2) != 0)
        continue;
      acc += Tile[(gi + k * 3) & 127];
    }
    switch ((gi + r) & 3) {
      case 0: acc ^= 0x55u; break;
      case 1: acc += gi; break;
      case 2: if (acc > 100) acc -= 100; break;
      default: InterlockedAdd(Hist[acc & 15], 1); break;
    }
    uint other = Tile[(gi * 5 + r) & 127];
    GroupMemoryBarrierWithGroupSync();
    Tile[gi] = acc + other;
    GroupMemoryBarrierWithGroupSync();
    if (Mode == 1) {
      if (gi >= 64)
        Tile[gi] += Tile[gi - 64];
      GroupMemoryBarrierWithGroupSync();
    }
  }
  for (uint s = 64; s > 0; s >>= 1) {
    if (gi < s)
      Tile[gi] += Tile[gi + s];
    GroupMemoryBarrierWithGroupSync();
  }
  if (gi < 16)
    Out[g.x * 18 + gi] = Hist[gi];
  if (gi >= 120)
    return;
  if (gi == 0)
    Out[g.x * 18 + 16] = Tile[0];
  if (gi == 1)
    Out[g.x * 18 + 17] = seen + pick;
}
