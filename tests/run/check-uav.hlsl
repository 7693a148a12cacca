// hlslc run --check on buffers and atomics, each finding at its source line:
// a data race on a UAV between threads of one group with no barrier that
// fences UAVs between (GroupMemoryBarrierWithGroupSync fences groupshared
// memory only), and between threads of different groups (nothing orders
// them); an atomic outside its buffer (it does nothing, silently without
// --check); a plain write racing with other threads' atomics on groupshared
// memory (zeroing a histogram with no barrier before adding into it); a
// buffer bound with another Kind than the shader declares.  The clean
// kernel (with DeviceMemoryBarrierWithGroupSync, and atomics on one
// element from every thread of both groups) reports nothing.
// RUN: %hlslc run %s --pipeline %S/check-uav.yaml --check | FileCheck %s --check-prefix=CLEAN
// CLEAN: Sums: pass
// RUN: not %hlslc run %s --pipeline %S/check-uav.yaml --check -D GROUP_BARRIER 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: check-uav.hlsl:39:15: error: data race on buffer 'Out': thread 0 reads byte 28, which thread 7 wrote, with no barrier that fences UAVs between (DeviceMemoryBarrierWithGroupSync)
// RUN: not %hlslc run %s --pipeline %S/check-uav.yaml --check -D ACROSS_GROUPS 2>&1 | FileCheck %s --check-prefix=ACROSS
// ACROSS: check-uav.hlsl:42:3: error: data race on buffer 'Out': thread 4 of group 0 writes byte 32, which thread 8 of group 1 wrote: nothing orders the threads of different groups in a dispatch (use atomics, or another dispatch)
// RUN: not %hlslc run %s --pipeline %S/check-uav.yaml --check -D ATOMIC_OUTSIDE 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// OUTSIDE: check-uav.hlsl:46:3: error: an atomic operation outside buffer 'Sums' (byte 400 of 20)
// RUN: %hlslc run %s --pipeline %S/check-uav.yaml -D ATOMIC_OUTSIDE | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED: Sums: pass
// RUN: not %hlslc run %s --pipeline %S/check-uav.yaml --check -D HISTOGRAM_RACE 2>&1 | FileCheck %s --check-prefix=HISTOGRAM
// HISTOGRAM: check-uav.hlsl:53:3: error: data race on groupshared 'Hist': thread 4 changes atomically what thread 0 wrote with no barrier between
// RUN: not %hlslc run %s --pipeline %S/check-uav-kind.yaml --check 2>&1 | FileCheck %s --check-prefix=KIND
// KIND: check-uav.hlsl:33:3: error: 'Out' is a RWStructuredBuffer in the shader, but the pipeline binds RWByteAddressBuffer 'Out' at register u0, space0 (its Kind should be RWStructuredBuffer)

RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> Sums : register(u1);
groupshared uint Hist[4];

[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID) {
  uint slot = gid.x * 8 + gi;
  Out[slot] = slot;
#ifdef GROUP_BARRIER
  GroupMemoryBarrierWithGroupSync();
#else
  DeviceMemoryBarrierWithGroupSync();
#endif
  uint left = Out[gid.x * 8 + (gi + 7) % 8];
  Out[16 + slot] = left;
#ifdef ACROSS_GROUPS
  Out[gi * 2] = left;
#endif
  InterlockedAdd(Sums[0], 1);
#ifdef ATOMIC_OUTSIDE
  InterlockedAdd(Sums[100], 1);
#endif
  if (gi < 4)
    Hist[gi] = 0;
#ifndef HISTOGRAM_RACE
  GroupMemoryBarrierWithGroupSync();
#endif
  InterlockedAdd(Hist[gi & 3], 1);
  GroupMemoryBarrierWithGroupSync();
  if (gi < 4)
    InterlockedAdd(Sums[1 + gi], Hist[gi]);
}
