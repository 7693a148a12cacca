// The reductions of real compute shaders compile without a word and compute
// what they should: a tree reduction (a uniform loop, a per-thread `if`
// that ends before each barrier), its bounds from a constant buffer, and
// the last group to finish (its ticket read from groupshared memory by
// every thread) adding the groups' sums.  `--check` confirms at run time
// that every thread of a group reaches every barrier and that nothing races.
// RUN: %hlslc run %s --pipeline %S/barrier-tree-reduction.yaml --check 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: Sums: pass

#define GROUP 64
cbuffer Constants : register(b0) { uint Groups; };
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Sums : register(u0);
RWStructuredBuffer<uint> Finished : register(u1);
groupshared float Shared[GROUP];
groupshared uint Ticket;

[numthreads(GROUP, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 group : SV_GroupID) {
  Shared[gi] = In[group.x * GROUP + gi];
  GroupMemoryBarrierWithGroupSync();
  uint s;
  for (s = GROUP / 2; s > 0; s >>= 1) {
    if (gi < s)
      Shared[gi] += Shared[gi + s];
    GroupMemoryBarrierWithGroupSync();
  }
  if (gi == 0) {
    Sums[group.x] = Shared[0];
    InterlockedAdd(Finished[0], 1, Ticket);
  }
  DeviceMemoryBarrierWithGroupSync();
  if (Ticket != Groups - 1)
    return;
  // The last group: the groups' sums, reduced the same way.
  Shared[gi] = gi < Groups ? Sums[gi] : 0;
  GroupMemoryBarrierWithGroupSync();
  for (s = GROUP / 2; s > 0; s >>= 1) {
    if (gi < s)
      Shared[gi] += Shared[gi + s];
    GroupMemoryBarrierWithGroupSync();
  }
  if (gi == 0)
    Sums[Groups] = Shared[0];
}
