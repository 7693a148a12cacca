// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Structured buffers are StorageBuffer blocks of a runtime array of their
// element, laid out as DirectX lays it out (Offset and ArrayStride
// decorations); an element whose DirectX layout is not a valid Vulkan
// layout (a float3 array stride of 12) is declared as words instead.

struct Particle {
    float4 position;
    float2 velocity;
    uint id;
    float mass;
};

// CHECK-DAG: OpMemberDecorate %Particle 0 Offset 0
// CHECK-DAG: OpMemberDecorate %Particle 1 Offset 16
// CHECK-DAG: OpMemberDecorate %Particle 2 Offset 24
// CHECK-DAG: OpMemberDecorate %Particle 3 Offset 28
// CHECK-DAG: OpDecorate %_runtimearr_Particle ArrayStride 32
// CHECK-DAG: %type_StructuredBuffer_Particle = OpTypeStruct %_runtimearr_Particle
// CHECK-DAG: %type_RWStructuredBuffer_float = OpTypeStruct %_runtimearr_float
// CHECK-DAG: %Packed = OpVariable %_ptr_StorageBuffer_type_RWStructuredBuffer StorageBuffer
StructuredBuffer<Particle> Particles : register(t0);
RWStructuredBuffer<float> Speeds : register(u1);
RWStructuredBuffer<float3> Packed : register(u2);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    // Each member is reached by its access chain: element, then member.
    // CHECK: OpAccessChain %_ptr_StorageBuffer_float %Particles %uint_0 {{%[0-9]+}} %uint_1 %uint_0
    Particle p = Particles[id.x];
    Speeds[id.x] = length(p.velocity) * p.mass;
    uint count, stride;
    // CHECK: OpArrayLength %uint %Particles 0
    Particles.GetDimensions(count, stride);
    // COM: float3 elements 12 bytes apart: read and written as words.
    // CHECK: OpAccessChain %_ptr_StorageBuffer_uint %Packed %uint_0
    Packed[id.x] = p.position.xyz * (float)count;
}
