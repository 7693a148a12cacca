// Group barriers where real compute shaders put them: the analysis follows
// where control flow reconverges (a per-thread `if` that ends before the
// barrier leaves it uniform), a loop counter that a uniform loop sets is
// uniform even when an earlier loop used it per thread, and a groupshared
// value read at the same address is the same for every thread (whichever
// thread wrote it).  None of these is reported.  A barrier that some
// threads may skip is a warning (-Wuniformity), not an error: DXC accepts
// it, and a branch is often uniform for reasons no analysis sees (an early
// return on an index that is the same for the whole group).  -Werror (-WX)
// leaves it a warning, since DXC has no such warning and builds written for
// it pass -WX; -Werror=uniformity makes it an error.
// RUN: %hlslc -T cs_6_8 -verify %s -o %t.ll
// RUN: %hlslc -T cs_6_8 -D DIVERGENT -verify=divergent %s -o %t.ll
// RUN: %hlslc -T cs_6_8 -D DIVERGENT -Werror -verify=divergent %s -o %t.ll
// RUN: %hlslc -T cs_6_8 -D DIVERGENT -WX %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %hlslc -T cs_6_8 -D DIVERGENT -Wno-uniformity -verify %s -o %t.ll
// RUN: not %hlslc -T cs_6_8 -D DIVERGENT -Werror=uniformity %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=ERROR
// RUN: %hlslc -T cs_6_8 -D DIVERGENT -Werror -Wno-error=uniformity -verify=divergent %s -o %t.ll
// ERROR: error: this thread-group barrier (SyncThreadGroup) may not be reached by every thread of the group: it is under a branch whose condition may differ between threads [-Wuniformity] [IR-UNIFORM-BARRIER]
// WERROR: warning: this thread-group barrier (SyncThreadGroup) may not be reached by every thread of the group: it is under a branch whose condition may differ between threads [-Wuniformity] [IR-UNIFORM-BARRIER]

// expected-no-diagnostics
#define GROUP 64

cbuffer Constants : register(b0) {
  uint Count;
  uint Levels;
};
RWStructuredBuffer<float> Data : register(u0);
RWStructuredBuffer<uint> Counter : register(u1);
groupshared float Shared[GROUP];
groupshared uint Ticket;

// Every group sums its values; the last group to finish sums the sums
// (the single-pass shape of FidelityFX SPD).
[numthreads(GROUP, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 group : SV_GroupID) {
  // divergent-note@-1 2 {{this may differ between threads: dx.op FlattenedThreadIdInGroup differs per thread}}
  Shared[gi] = Data[group.x * GROUP + gi];
  GroupMemoryBarrierWithGroupSync();

  // A tree reduction: a uniform loop whose body's `if` differs per thread
  // and ends before the barrier.
  for (uint s = GROUP / 2; s > 0; s >>= 1) {
    if (gi < s)
      Shared[gi] += Shared[gi + s];
    GroupMemoryBarrierWithGroupSync();
  }

  // Bounds from a constant buffer, and a counter declared before the loops:
  // the first loop runs per thread, the second sets it for every thread.
  uint k;
  float own = 0;
  for (k = 0; k < gi; k++)
    own += Data[k];
  for (k = min(Count, GROUP) / 2; k > 0; k >>= 1) {
    if (gi < k)
      Shared[gi] = max(Shared[gi], own);
    GroupMemoryBarrierWithGroupSync();
  }

  // A per-thread `if` with no barrier inside, then a barrier.
  if (Shared[gi] > 100)
    Shared[gi] = 100;
  GroupMemoryBarrierWithGroupSync();

  // One thread takes a ticket; every thread reads it after the barrier, so
  // every thread of the group leaves, or none.
  if (gi == 0)
    InterlockedAdd(Counter[0], 1, Ticket);
  GroupMemoryBarrierWithGroupSync();
  if (Ticket != Count - 1)
    return;

  for (uint level = 0; level < Levels; level++) {
    if (gi < (GROUP >> level))
      Shared[gi] += Data[gi];
    GroupMemoryBarrierWithGroupSync();
  }
  if (group.x == 0)
    GroupMemoryBarrierWithGroupSync();

#ifdef DIVERGENT
  // Threads past the data leave early (the n-body sample's shape): the
  // barriers after that may be reached by some threads of a group only.
  if (group.x * GROUP + gi >= Count) // divergent-note {{the branch is here}}
    return;
  GroupMemoryBarrierWithGroupSync(); // divergent-warning {{this thread-group barrier (SyncThreadGroup) may not be reached by every thread of the group: it is under a branch whose condition may differ between threads [-Wuniformity]}}
  if (gi < 32) { // divergent-note {{the branch is here}}
    GroupMemoryBarrierWithGroupSync(); // divergent-warning {{may not be reached by every thread of the group}}
  }
#endif
  if (gi == 0)
    Data[group.x] = Shared[0];
}
