// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Interlocked* operations are OpAtomic* instructions: at Device scope on
// buffers, at Workgroup scope on groupshared memory; all relaxed (no
// memory semantics), as in DirectX.

RWByteAddressBuffer Raw : register(u0);
RWStructuredBuffer<int> Ints : register(u1);
groupshared uint Shared[16];

[numthreads(16, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    uint old;
    // CHECK: OpAtomicIAdd %uint {{%[0-9]+}} %uint_1 %uint_0 %uint_1
    Raw.InterlockedAdd(0, 1, old);
    // CHECK: OpAtomicUMax %uint {{%[0-9]+}} %uint_1 %uint_0
    Raw.InterlockedMax(4, gi);
    // CHECK: OpAtomicCompareExchange %uint {{%[0-9]+}} %uint_1 %uint_0 %uint_0
    Raw.InterlockedCompareExchange(8, 0, gi, old);
    // CHECK: OpAtomicSMin %uint {{%[0-9]+}} %uint_1 %uint_0
    InterlockedMin(Ints[gi], -(int)gi);
    // CHECK: OpAtomicExchange %uint {{%[0-9]+}} %uint_1 %uint_0
    InterlockedExchange(Ints[0], 5, old);
    Shared[gi] = 0;
    GroupMemoryBarrierWithGroupSync();
    // CHECK: OpAtomicOr %uint {{%[0-9]+}} %uint_2 %uint_0
    InterlockedOr(Shared[gi / 2], 1u << gi);
    // CHECK: OpAtomicCompareExchange %uint {{%[0-9]+}} %uint_2 %uint_0 %uint_0
    InterlockedCompareStore(Shared[0], 0, gi);
    GroupMemoryBarrierWithGroupSync();
    Raw.Store(16 + 4 * gi, Shared[gi] + old);
}
