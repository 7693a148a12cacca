// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// groupshared variables are internal globals in addrspace(3), accessed
// through addrspace(3) pointers.

RWByteAddressBuffer Out : register(u0);

groupshared uint Counts[64];
groupshared float Scale;

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    // CHECK: [[V:%"\.[0-9]+"]] = load i32, i32* %"gi"
    // CHECK-NEXT: [[GI:%"\.[0-9]+"]] = load i32, i32* %"gi"
    // CHECK-NEXT: [[P:%"\.[0-9]+"]] = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"Counts", i32 0, i32 [[GI]]
    // CHECK-NEXT: store i32 [[V]], i32 addrspace(3)* [[P]]
    Counts[gi] = gi;
    // CHECK: store float 0x4000000000000000, float addrspace(3)* @"Scale"
    Scale = 2.0f;
    GroupMemoryBarrierWithGroupSync();
    // CHECK: [[Q:%"\.[0-9]+"]] = getelementptr [64 x i32], [64 x i32] addrspace(3)* @"Counts", i32 0, i32 63
    // CHECK-NEXT: load i32, i32 addrspace(3)* [[Q]]
    // CHECK: load float, float addrspace(3)* @"Scale"
    Out.Store(0, Counts[63] * (uint)Scale);
}

// CHECK-DAG: @"Counts" = internal addrspace(3) global [64 x i32] undef
// CHECK-DAG: @"Scale" = internal addrspace(3) global float undef
