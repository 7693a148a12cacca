// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// groupshared variables are Workgroup variables; the barriers are
// OpControlBarrier (with a group sync) and OpMemoryBarrier (without).

// CHECK-DAG: %Tile = OpVariable %_ptr_Workgroup__arr_float_uint_64 Workgroup
// CHECK-DAG: %Counts = OpVariable %_ptr_Workgroup__arr_uint_uint_8 Workgroup
groupshared float Tile[64];
groupshared uint Counts[8];
RWByteAddressBuffer Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint gi : SV_GroupIndex, uint3 gid : SV_GroupID)
{
    // CHECK: [[P:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_float %Tile {{%[0-9]+}}
    // CHECK-NEXT: OpStore [[P]]
    Tile[gi] = (float)gi;
    // Workgroup scope, AcquireRelease | WorkgroupMemory (0x108).
    // CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
    GroupMemoryBarrierWithGroupSync();
    float sum = Tile[(gi + 1) % 64];
    // CHECK: OpMemoryBarrier %uint_2 %uint_264
    GroupMemoryBarrier();
    // Device scope, AcquireRelease | UniformMemory | ImageMemory (0x848).
    // CHECK: OpControlBarrier %uint_2 %uint_1 %uint_2120
    DeviceMemoryBarrierWithGroupSync();
    // CHECK: OpMemoryBarrier %uint_1 %uint_2120
    DeviceMemoryBarrier();
    // All memory (0x948).
    // CHECK: OpControlBarrier %uint_2 %uint_1 %uint_2376
    AllMemoryBarrierWithGroupSync();
    if (gi < 8)
        Counts[gi] = 0;
    GroupMemoryBarrierWithGroupSync();
    // CHECK: OpAtomicIAdd %uint {{%[0-9]+}} %uint_2 %uint_0 %uint_1
    InterlockedAdd(Counts[gi % 8], 1);
    GroupMemoryBarrierWithGroupSync();
    Out.Store((gid.x * 64 + gi) * 4, asuint(sum) + Counts[gi % 8]);
}
