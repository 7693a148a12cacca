// hlslc run --check: errors a GPU would not report, at the source line.
// Without a barrier between one thread's write and another's read of
// groupshared memory the two race; reading groupshared memory no thread has
// written reads garbage; a barrier only some threads of a group reach
// hangs or misbehaves.  With the barrier the kernel is clean (and without
// --check nothing is looked for).
// RUN: %hlslc run %s --pipeline %S/check-races.yaml --check | FileCheck %s --check-prefix=CLEAN
// CLEAN: Shifted: pass
// RUN: not %hlslc run %s --pipeline %S/check-races.yaml --check -D RACE 2>&1 | FileCheck %s --check-prefix=RACE
// RACE: check-races.hlsl:32:12: error: data race on groupshared 'Tile': thread 0 reads what thread 1 wrote with no barrier between
// RUN: %hlslc run %s --pipeline %S/check-races.yaml -D RACE | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED: Shifted:
// RUN: not %hlslc run %s --pipeline %S/check-races.yaml --check -D UNINIT 2>&1 | FileCheck %s --check-prefix=UNINIT
// UNINIT: error: thread 0 reads groupshared 'Tile' where no thread has written (uninitialised memory)
// The compile already warns of the divergent barrier (an error without
// -Wno-error=uniformity); --check catches it when it happens.
// RUN: not %hlslc run %s --pipeline %S/check-races.yaml --check -D DIVERGENT -Wno-error=uniformity 2>&1 | FileCheck %s --check-prefix=DIVERGENT
// DIVERGENT: check-races.hlsl:35:5: error: a barrier not reached by every thread of its group (it is in divergent control flow)

RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Tile[8];

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
#ifdef UNINIT
  uint early = Tile[i];
#endif
  Tile[i] = 10 * i;
#ifndef RACE
  GroupMemoryBarrierWithGroupSync();
#endif
  Out[i] = Tile[(i + 1) % 8];
#ifdef DIVERGENT
  if (i < 4)
    GroupMemoryBarrierWithGroupSync();
#endif
}
