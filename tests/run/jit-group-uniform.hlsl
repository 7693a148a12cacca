// hlslc run: what the JIT's group mode runs once for a whole group and
// what it runs for each vector.  A group of 96 threads is three vectors of
// 32 lanes under one stack of masks; values of one value for the group (a
// loop bound and a scale from a constant buffer, a counter, the group id,
// arithmetic on them) are computed once, before the loop over the vectors,
// and kept in the group's slots across barriers; a branch on such a value
// needs no vector at all.  Around them: a private array indexed per thread,
// nested ifs with else sides (run inside the branch's loop over the
// vectors), a value of each thread carried across barriers, and a variable
// that holds the same constant in every thread only on some paths.  Every
// value is checked against the kernel's sequential reading.
// RUN: %hlslc run %s --pipeline %S/jit-group-uniform.yaml | FileCheck %s
// CHECK: Out: pass

cbuffer Params : register(b0) { uint Steps; uint Scale; uint Offset; uint Pad; };
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Tile[96];

[numthreads(96, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex, uint3 g : SV_GroupID) {
  uint v = In[id.x];
  uint local[8];
  for (uint j = 0; j < 8; j++)
    local[j] = v * (j + 1) + j;
  uint base = g.x * Scale + Offset;      // one value for the group
  uint mode = 0;
  if (gi < 40)
    mode = 5;                            // 5 only for some threads
  else if (gi < 70)
    mode = 9;
  Tile[gi] = v ^ base;
  GroupMemoryBarrierWithGroupSync();
  uint acc = 0;
  uint count = 0;
  for (uint step = 0; step < Steps; step++) {
    count += Scale;                      // one value for the group
    uint other = Tile[(gi + step * 7 + count) % 96];
    if (other & 1) {
      if (gi & 2)
        acc += local[(other >> 1) & 7];
      else
        acc ^= other;
    } else {
      acc += mode * step;
    }
    GroupMemoryBarrierWithGroupSync();
    Tile[gi] = acc + base + count;
    GroupMemoryBarrierWithGroupSync();
  }
  if (Steps > 3)
    acc += count;                        // a branch of the group: no vector
  Out[id.x] = acc + local[gi & 7] + mode;
}
