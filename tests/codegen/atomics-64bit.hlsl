// RUN: %hlslc -T cs_6_6 %s | FileCheck %s
// 64-bit atomics (SM 6.6): i64 atomicrmw/cmpxchg on groupshared memory,
// the i64 overloads of atomicBinOp and atomicCompareExchange on UAVs
// (structured, typed, byte-address: the RWByteAddressBuffer *64 methods).
// A bound UAV that a 64-bit atomic updates carries DXC's Atomic64Use tag
// (3) = 1 after its kind's own tags in !dx.resources.

groupshared int64_t Low;
groupshared uint64_t Mask;
RWStructuredBuffer<uint64_t> S : register(u0);
RWBuffer<int64_t> T : register(u1);
RWByteAddressBuffer B : register(u2);
RWStructuredBuffer<uint> Plain : register(u3);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int64_t old;
  // CHECK: [[W:%"\.[0-9]+"]] = sext i32 %{{.*}} to i64
  // CHECK-NEXT: [[M:%"\.[0-9]+"]] = atomicrmw min i64 addrspace(3)* @"Low", i64 [[W]] seq_cst
  // CHECK-NEXT: store i64 [[M]], i64* %"old"
  InterlockedMin(Low, (int)id.x - 5, old);
  // CHECK: atomicrmw umax i64 addrspace(3)* @"Mask", i64 4294967296 seq_cst
  InterlockedMax(Mask, 0x100000000ull);
  // CHECK: cmpxchg i64 addrspace(3)* @"Mask", i64 0, i64 %{{.*}} seq_cst seq_cst
  InterlockedCompareStore(Mask, 0, (uint64_t)id.x);

  // CHECK: call i64 @"dx.op.atomicBinOp.i64"(i32 78, %"dx.types.Handle" %"S{{[.0-9]*}}", i32 0, i32 %{{.*}}, i32 0, i32 undef, i64 1)
  InterlockedAdd(S[id.x], 1);
  // CHECK: [[X:%"AtomicXor[.0-9]*"]] = call i64 @"dx.op.atomicBinOp.i64"(i32 78, %"dx.types.Handle" %"T{{[.0-9]*}}", i32 3, i32 0, i32 undef, i32 undef, i64 %{{.*}})
  // CHECK-NEXT: store i64 [[X]], i64* %"old"
  InterlockedXor(T[0], (int64_t)id.x << 32, old);
  // CHECK: call i64 @"dx.op.atomicCompareExchange.i64"(i32 79, %"dx.types.Handle" %"T{{[.0-9]*}}", i32 1, i32 undef, i32 undef, i64 -1, i64 7)
  InterlockedCompareExchange(T[1], -1, 7, old);

  uint64_t u;
  // CHECK: call i64 @"dx.op.atomicBinOp.i64"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 0, i32 0, i32 undef, i32 undef, i64 %{{.*}})
  B.InterlockedAdd64(0, (uint64_t)id.x, u);
  // Min64/Max64 compare as the value says: int64_t signed, uint64_t unsigned.
  // CHECK: call i64 @"dx.op.atomicBinOp.i64"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 4, i32 8, i32 undef, i32 undef, i64 -2)
  B.InterlockedMin64(8, (int64_t)-2);
  // CHECK: call i64 @"dx.op.atomicBinOp.i64"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 7, i32 16, i32 undef, i32 undef, i64 %{{.*}})
  B.InterlockedMax64(16, u);
  // CHECK: call i64 @"dx.op.atomicBinOp.i64"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 8, i32 24, i32 undef, i32 undef, i64 3)
  B.InterlockedExchange64(24, 3, u);
  // CHECK: call i64 @"dx.op.atomicCompareExchange.i64"(i32 79, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 32, i32 undef, i32 undef, i64 3, i64 4)
  B.InterlockedCompareExchange64(32, 3, 4, u);
  // CHECK: call i64 @"dx.op.atomicCompareExchange.i64"(i32 79, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 40, i32 undef, i32 undef, i64 4, i64 5)
  B.InterlockedCompareStore64(40, 4, 5);

  Plain[id.x] = (uint)old + (uint)u;
}

// CHECK-DAG: declare i64 @"dx.op.atomicBinOp.i64"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6", i64 %".7") nounwind
// CHECK-DAG: declare i64 @"dx.op.atomicCompareExchange.i64"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", i32 %".5", i64 %".6", i64 %".7") nounwind
// CHECK-DAG: [[SX:![0-9]+]] = !{ i32 1, i32 8, i32 3, i32 1 }
// CHECK-DAG: !{ i32 {{[0-9]+}}, {{.*}}, !"S", i32 0, i32 0, i32 1, i32 12, i1 0, i1 0, i1 0, [[SX]] }
// CHECK-DAG: [[TX:![0-9]+]] = !{ i32 0, i32 6, i32 3, i32 1 }
// CHECK-DAG: !{ i32 {{[0-9]+}}, {{.*}}, !"T", i32 0, i32 1, i32 1, i32 10, i1 0, i1 0, i1 0, [[TX]] }
// CHECK-DAG: [[BX:![0-9]+]] = !{ i32 3, i32 1 }
// CHECK-DAG: !{ i32 {{[0-9]+}}, {{.*}}, !"B", i32 0, i32 2, i32 1, i32 11, i1 0, i1 0, i1 0, [[BX]] }
// CHECK-DAG: [[PX:![0-9]+]] = !{ i32 1, i32 4 }
// CHECK-DAG: !{ i32 {{[0-9]+}}, {{.*}}, !"Plain", i32 0, i32 3, i32 1, i32 12, i1 0, i1 0, i1 0, [[PX]] }
