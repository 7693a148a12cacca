// RUN: %hlslc -spirv -S -T cs_6_6 %s | FileCheck %s
// RUN: %hlslc -spirv -T cs_6_6 %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: not %hlslc -spirv -T cs_6_6 -DRUNTIME %s 2>&1 | FileCheck %s --check-prefix=RUNTIME
// Arrays of resources, resources in local variables and arrays, tbuffers,
// and the hidden counters of append, consume and counted buffers.

// CHECK-DAG: %Bufs = OpVariable %_ptr_StorageBuffer__arr_type_RWByteAddressBuffer_uint_4 StorageBuffer
RWByteAddressBuffer Bufs[4] : register(u0);
// A tbuffer is read a 16-byte row at a time, as words.
// CHECK-DAG: %Table = OpVariable %_ptr_StorageBuffer_type_TextureBuffer StorageBuffer
tbuffer Table : register(t8) { float scale; uint2 shift; };
// Counters are bound after the other resources of their descriptor set.
// CHECK-DAG: OpDecorate %counter_var_Queue Binding 10
AppendStructuredBuffer<uint> Queue : register(u9);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    RWByteAddressBuffer local[2];
    local[0] = Bufs[1];
    local[1] = Bufs[2];
    // A local array's element chosen at run time: consecutive elements
    // of one resource array.
    // CHECK: [[I:%[0-9]+]] = OpIAdd %uint {{%[0-9]+}} %uint_1
    // CHECK: OpAccessChain %_ptr_StorageBuffer_uint %Bufs [[I]] %uint_0
    local[id.x % 2].Store(0, id.x);
    // CHECK: OpAccessChain %_ptr_StorageBuffer_uint %Table %uint_0
    Bufs[3].Store(4 * id.x, asuint(scale) + shift.y);
    // CHECK: OpAtomicIAdd %uint {{%[0-9]+}} %uint_1 %uint_0 %uint_1
    Queue.Append(id.x);
#ifdef RUNTIME
    RWByteAddressBuffer chosen = Bufs[0];
    if (id.x > 1)
        chosen = Bufs[3];
    // RUNTIME: resources-more.hlsl:[[@LINE+1]]:5: error: a resource or matrix chosen at run time has no SPIR-V mapping
    chosen.Store(8, 1);
#endif
}
