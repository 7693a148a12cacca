// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Atomics on groupshared memory are LLVM instructions on the addrspace(3)
// pointer, as DXC emits them: `atomicrmw` (add, and, or, xor, xchg; min and
// max for an int destination, umin and umax for a uint one, whatever the
// value's type) and `cmpxchg` with seq_cst ordering; the optional original
// value is the instruction's result (field 0 of cmpxchg's pair).  Float
// destinations exchange bits: pointer and values bit-cast to i32
// (constants folded), the original bit-cast back.

RWStructuredBuffer<uint> Out : register(u0);

groupshared uint Count;
groupshared int Signed[8];
groupshared uint2 Pair;
groupshared float Level;
struct Bin { uint hits; int best; };
groupshared Bin Bins[4];

[numthreads(64, 1, 1)]
void main(uint3 gtid : SV_GroupThreadID) {
  uint orig;
  // CHECK: [[A:%"\.[0-9]+"]] = atomicrmw add i32 addrspace(3)* @"Count", i32 1 seq_cst
  // CHECK-NEXT: store i32 [[A]], i32* %"orig"
  InterlockedAdd(Count, 1, orig);
  // CHECK: atomicrmw and i32 addrspace(3)* @"Count", i32 {{-2|4294967294}} seq_cst
  InterlockedAnd(Count, ~1u);
  // CHECK: atomicrmw or i32 addrspace(3)* @"Count", i32 %{{.*}} seq_cst
  InterlockedOr(Count, gtid.x);
  // CHECK: atomicrmw xor i32 addrspace(3)* @"Count", i32 %{{.*}} seq_cst
  InterlockedXor(Count, gtid.x);

  // Signedness follows the destination: int is min/max, uint umin/umax.
  // CHECK: [[I:%"\.[0-9]+"]] = urem i32 %{{.*}}, 8
  // CHECK-NEXT: [[P:%"\.[0-9]+"]] = getelementptr [8 x i32], [8 x i32] addrspace(3)* @"Signed", i32 0, i32 [[I]]
  // CHECK: atomicrmw min i32 addrspace(3)* [[P]], i32 %{{.*}} seq_cst
  InterlockedMin(Signed[gtid.x % 8], (int)gtid.x - 32);
  // CHECK: atomicrmw max i32 addrspace(3)* %{{.*}}, i32 5 seq_cst
  InterlockedMax(Signed[0], 5u);
  // CHECK: atomicrmw umin i32 addrspace(3)* @"Count", i32 {{-1|4294967295}} seq_cst
  InterlockedMin(Count, -1);
  // CHECK: atomicrmw umax i32 addrspace(3)* @"Count", i32 %{{.*}} seq_cst
  InterlockedMax(Count, gtid.x);

  // CHECK: [[X:%"\.[0-9]+"]] = atomicrmw xchg i32 addrspace(3)* @"Count", i32 0 seq_cst
  // CHECK-NEXT: store i32 [[X]], i32* %"orig"
  InterlockedExchange(Count, 0, orig);

  // CHECK: [[CX:%"\.[0-9]+"]] = cmpxchg i32 addrspace(3)* @"Count", i32 %{{.*}}, i32 %{{.*}} seq_cst seq_cst
  // CHECK-NEXT: [[OLD:%"\.[0-9]+"]] = extractvalue {i32, i1} [[CX]], 0
  // CHECK-NEXT: store i32 [[OLD]], i32* %"orig"
  InterlockedCompareExchange(Count, gtid.x, gtid.x + 1, orig);
  // CHECK: cmpxchg i32 addrspace(3)* @"Count", i32 0, i32 7 seq_cst seq_cst
  // CHECK-NOT: store
  InterlockedCompareStore(Count, 0, 7);

  // Components and members: a pointer to the scalar.
  // CHECK: [[V:%"\.[0-9]+"]] = bitcast <2 x i32> addrspace(3)* @"Pair" to i32 addrspace(3)*
  // CHECK-NEXT: [[VY:%"\.[0-9]+"]] = getelementptr i32, i32 addrspace(3)* [[V]], i32 1
  // CHECK-NEXT: atomicrmw add i32 addrspace(3)* [[VY]], i32 1 seq_cst
  InterlockedAdd(Pair.y, 1);
  // CHECK: [[BIN:%"\.[0-9]+"]] = getelementptr [4 x {i32, i32}], [4 x {i32, i32}] addrspace(3)* @"Bins", i32 0, i32 %{{.*}}
  // CHECK-NEXT: [[BEST:%"\.[0-9]+"]] = getelementptr {i32, i32}, {i32, i32} addrspace(3)* [[BIN]], i32 0, i32 1
  // CHECK: atomicrmw max i32 addrspace(3)* [[BEST]], i32 %{{.*}} seq_cst
  InterlockedMax(Bins[gtid.x & 3].best, (int)gtid.x);

  // Floats: the bits.
  float old;
  // CHECK: [[FP:%"\.[0-9]+"]] = bitcast float addrspace(3)* @"Level" to i32 addrspace(3)*
  // CHECK-NEXT: [[FX:%"\.[0-9]+"]] = atomicrmw xchg i32 addrspace(3)* [[FP]], i32 1065353216 seq_cst
  // CHECK-NEXT: [[FO:%"\.[0-9]+"]] = bitcast i32 [[FX]] to float
  // CHECK-NEXT: store float [[FO]], float* %"old"
  InterlockedExchange(Level, 1.0f, old);
  // CHECK: [[FB:%"\.[0-9]+"]] = bitcast float %{{.*}} to i32
  // CHECK: cmpxchg i32 addrspace(3)* %{{.*}}, i32 [[FB]], i32 1073741824 seq_cst seq_cst
  InterlockedCompareExchangeFloatBitwise(Level, old, 2.0f, old);
  // CHECK: cmpxchg i32 addrspace(3)* %{{.*}}, i32 1073741824, i32 0 seq_cst seq_cst
  InterlockedCompareStoreFloatBitwise(Level, 2.0f, 0.0f);

  GroupMemoryBarrierWithGroupSync();
  Out[gtid.x] = Count + Signed[gtid.x % 8] + orig + (uint)old + Pair.y + Bins[0].hits;
}
