// What an atomic returns differs per thread (each finds another value), and
// so do prefix, multi-prefix and quad results; a reduction is uniform across
// a wave only.  A thread-group barrier under a branch on any of them is a
// warning (-Wuniformity: DXC accepts it, and the analysis cannot show every
// thread reaches it); a groupshared counter read after a barrier is uniform.
// RUN: %hlslc -T cs_6_6 -verify %s -o %t
// RUN: %hlslc -T cs_6_6 -Vd %s -o %t

RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Count;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
  // expected-note@-1 {{this may differ between threads}}
  uint ticket;
  InterlockedAdd(Count, 1, ticket); // expected-note {{atomicrmw returns what each thread found}}
  if (ticket == 0) { // expected-note {{the branch is here}}
    GroupMemoryBarrierWithGroupSync(); // expected-warning {{may not be reached by every thread of the group: it is under a branch whose condition may differ between threads [-Wuniformity]}}
  }
  uint slot;
  InterlockedAdd(Out[0], 1, slot); // expected-note {{dx.op AtomicBinOp differs per thread}}
  if (slot < 4) { // expected-note {{the branch is here}}
    GroupMemoryBarrierWithGroupSync(); // expected-warning {{may not be reached by every thread of the group: it is under a branch whose condition may differ between threads [-Wuniformity]}}
  }
  if (WavePrefixCountBits(true) == 0) { // expected-note {{the branch is here}} expected-note {{dx.op WavePrefixBitCount differs per thread}}
    GroupMemoryBarrierWithGroupSync(); // expected-warning {{may not be reached by every thread of the group: it is under a branch whose condition may differ between threads [-Wuniformity]}}
  }
  if (WaveActiveAllEqual(id.x)) { // expected-note {{the branch is here}}
    GroupMemoryBarrierWithGroupSync(); // expected-warning {{it is only wave-uniform}}
  }
  GroupMemoryBarrierWithGroupSync();
  if (Count > 10) {
    GroupMemoryBarrierWithGroupSync();
  }
  Out[id.x] = ticket + slot;
}
