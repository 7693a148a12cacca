// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Barrier intrinsics: dx.op.barrier(80, mode) with DXC's mode bits
// SyncThreadGroup 1, UAVFenceGlobal 2, UAVFenceThreadGroup 4, TGSMFence 8.

[numthreads(64, 1, 1)]
void main()
{
    // CHECK: call void @"dx.op.barrier"(i32 80, i32 9)
    GroupMemoryBarrierWithGroupSync();
    // CHECK-NEXT: call void @"dx.op.barrier"(i32 80, i32 8)
    GroupMemoryBarrier();
    // CHECK-NEXT: call void @"dx.op.barrier"(i32 80, i32 2)
    DeviceMemoryBarrier();
    // CHECK-NEXT: call void @"dx.op.barrier"(i32 80, i32 3)
    DeviceMemoryBarrierWithGroupSync();
    // CHECK-NEXT: call void @"dx.op.barrier"(i32 80, i32 10)
    AllMemoryBarrier();
    // CHECK-NEXT: call void @"dx.op.barrier"(i32 80, i32 11)
    AllMemoryBarrierWithGroupSync();
    // CHECK-NEXT: ret void
}

// CHECK: declare void @"dx.op.barrier"(i32 %".1", i32 %".2") noduplicate nounwind
