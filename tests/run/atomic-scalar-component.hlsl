// An atomic's destination may name a scalar through its one component,
// `.x` or `.r`: it is the scalar itself, as DXC takes it (a typed
// resource's element too, which must otherwise be used whole).
// RUN: %hlslc run %s --pipeline %S/atomic-scalar-component.yaml | FileCheck %s
// CHECK: Sums: pass
// CHECK: Typed: pass
// RUN: %hlslc -T cs_6_0 %s -o - | FileCheck %s --check-prefix=IR
// IR: atomicrmw add i32 addrspace(3)*
// IR-COUNT-3: call i32 @"dx.op.atomicBinOp.i32"(i32 78,
// RUN: not %hlslc -T cs_6_0 -DVECTOR %s -o - 2>&1 | FileCheck %s --check-prefix=VEC
// VEC: error: the destination of 'InterlockedAdd' must be a whole element of 'RWBuffer<uint2>'

struct Tally {
  uint total;
  uint parts[2];
};

RWStructuredBuffer<Tally> Sums : register(u0);
RWBuffer<uint> Typed : register(u1);
#ifdef VECTOR
RWBuffer<uint2> Pairs : register(u2);
#endif
groupshared uint Shared;

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  if (i == 0)
    Shared = 0;
  GroupMemoryBarrierWithGroupSync();
  InterlockedAdd(Shared.x, 1);
  InterlockedAdd(Sums[0].total.x, i);
  InterlockedAdd(Sums[0].parts[1].r, 2);
  InterlockedAdd(Typed[0].x, 3);
#ifdef VECTOR
  InterlockedAdd(Pairs[0].x, 1);
#endif
  GroupMemoryBarrierWithGroupSync();
  if (i == 0)
    Sums[0].parts[0] = Shared;
}
