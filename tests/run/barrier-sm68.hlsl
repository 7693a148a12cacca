// Shader model 6.8's Barrier: Barrier(MemoryTypeFlags, SemanticFlags) and
// Barrier(uav, SemanticFlags), with the flag names DXC declares.  A group
// reduction that waits with Barrier(GROUP_SHARED_MEMORY, GROUP_SYNC |
// GROUP_SCOPE) computes what GroupMemoryBarrierWithGroupSync's does, and
// `--check` confirms every thread reaches every barrier.
// RUN: %hlslc run %s --pipeline %S/barrier-sm68.yaml --check 2>&1 | FileCheck %s
// CHECK-NOT: warning
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_8 %s -o - | FileCheck %s --check-prefix=IR
// IR: call void @"dx.op.barrierByMemoryType"(i32 244, i32 2, i32 3)
// IR: call void @"dx.op.barrierByMemoryHandle"(i32 245, %"dx.types.Handle" %{{[^,]+}}, i32 5)
// IR: call void @"dx.op.barrierByMemoryType"(i32 244, i32 15, i32 7)
// RUN: %hlslc -T cs_6_8 -spirv %s -o - | FileCheck %s --check-prefix=SPIRV
// SPIRV: OpControlBarrier %{{.*}}
// RUN: not %hlslc -T cs_6_7 %s -o - 2>&1 | FileCheck %s --check-prefix=SM67
// SM67: error: 'Barrier' with these argument types needs shader model 6.8 or later
// RUN: %hlslc -T cs_6_8 -fsyntax-only -DBAD -verify %s

#define GROUP 64
[[vk::binding(0)]] RWStructuredBuffer<uint> Out : register(u0);
groupshared uint Shared[GROUP];

[numthreads(GROUP, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 group : SV_GroupID) {
  Shared[gi] = gi + group.x * GROUP;
  Barrier(GROUP_SHARED_MEMORY, GROUP_SYNC | GROUP_SCOPE);
  for (uint s = GROUP / 2; s > 0; s >>= 1) {
    if (gi < s)
      Shared[gi] += Shared[gi + s];
    Barrier(GROUP_SHARED_MEMORY, GROUP_SYNC | GROUP_SCOPE);
  }
  if (gi == 0)
    Out[group.x] = Shared[0];
  Barrier(Out, DEVICE_SCOPE | GROUP_SYNC);
  Barrier(ALL_MEMORY, GROUP_SYNC | GROUP_SCOPE | DEVICE_SCOPE);
  Barrier(0, 0);
#ifdef BAD
  Barrier(16, 0);                    // expected-error {{invalid MemoryTypeFlags for Barrier operation; expected 0, ALL_MEMORY, or some combination of UAV_MEMORY, GROUP_SHARED_MEMORY, NODE_INPUT_MEMORY, NODE_OUTPUT_MEMORY flags}}
  Barrier(0, 8);                     // expected-error {{invalid SemanticFlags for Barrier operation; expected 0 or some combination of GROUP_SYNC, GROUP_SCOPE, DEVICE_SCOPE flags}}
  Barrier(NODE_INPUT_MEMORY, 0);     // expected-error {{NODE_INPUT_MEMORY or NODE_OUTPUT_MEMORY may only be specified for Barrier operation in a node shader}}
  Barrier(GROUP_SHARED_MEMORY, DEVICE_SCOPE); // expected-error {{DEVICE_SCOPE specified for Barrier operation without applicable memory}}
  Barrier(0, GROUP_SCOPE);           // expected-error {{GROUP_SCOPE specified for Barrier operation without applicable memory}}
  Barrier(Shared, GROUP_SYNC);       // expected-error {{no matching function for call to 'Barrier'}} expected-note {{candidate function not viable: no known conversion from 'uint[64]' to 'uint' for 1st argument}}
#endif
}
