// Packed groupshared arrays and vector buffer accesses (SPIR-V backend)
// compute what the IR says: halves staged eight at a time from 16-byte
// loads, floats four at a time, elements read back one by one at odd
// places, a run of another base that must not be packed, a 16-byte store.
// The CPU executor runs the IR; the GPU tests run the same pipeline through
// the SPIR-V and compare.
// RUN: %hlslc run %s --pipeline %S/packed-groupshared.yaml -enable-16bit-types | FileCheck %s
// CHECK: Values: pass
// RUN: %hlslc -spirv -S -T cs_6_6 -enable-16bit-types %s -o - | FileCheck %s --check-prefix=SPV
// SPV-DAG: %Tile = OpVariable %_ptr_Workgroup__arr_v4uint_uint_16 Workgroup
// SPV-DAG: %Quarter = OpVariable %_ptr_Workgroup__arr_v4uint_uint_16 Workgroup
// SPV-DAG: %Mixed = OpVariable %_ptr_Workgroup__arr_half_uint_64 Workgroup
// SPV-DAG: OpAccessChain %_ptr_StorageBuffer_v4uint %In_v4uint
// SPV-DAG: OpAccessChain %_ptr_StorageBuffer_v4uint %Out_v4uint

ByteAddressBuffer In : register(t0);
[[vk::binding(1)]] RWByteAddressBuffer Out : register(u0);

groupshared half Tile[128];
groupshared float Quarter[64];
groupshared half Mixed[64];

void Put(uint at, uint4 v)
{
    Tile[at + 0] = asfloat16((uint16_t)(v.x & 0xFFFF)); Tile[at + 1] = asfloat16((uint16_t)(v.x >> 16));
    Tile[at + 2] = asfloat16((uint16_t)(v.y & 0xFFFF)); Tile[at + 3] = asfloat16((uint16_t)(v.y >> 16));
    Tile[at + 4] = asfloat16((uint16_t)(v.z & 0xFFFF)); Tile[at + 5] = asfloat16((uint16_t)(v.z >> 16));
    Tile[at + 6] = asfloat16((uint16_t)(v.w & 0xFFFF)); Tile[at + 7] = asfloat16((uint16_t)(v.w >> 16));
}

[numthreads(16, 1, 1)]
void main(uint t : SV_GroupIndex)
{
    Put(t * 8, In.Load4(t * 16));                  // Tile[i] = i / 2
    uint b = t * 4;
    Quarter[b + 3] = t + 0.75; Quarter[b] = (float)t; Quarter[b + 2] = t + 0.5; Quarter[b + 1] = t + 0.25;
    // Two bases in one run of stores: the array stays as it is.
    Mixed[t * 4] = (half)t; Mixed[(15 - t) * 4 + 1] = (half)(2 * t); Mixed[t * 4 + 2] = 1.0h;
    Mixed[(15 - t) * 4 + 3] = 3.0h;
    GroupMemoryBarrierWithGroupSync();
    float x = (float)Tile[t * 8 + 3] + (float)Tile[t * 2 + 1] + Quarter[t * 3 % 64];
    float y = (float)Mixed[t * 4 + 1] + (float)Mixed[t * 4] + (float)Mixed[t * 4 + 2] + (float)Mixed[t * 4 + 3];
    Out.Store4(t * 16, asuint(float4(x, y, Quarter[t], (float)Tile[127 - t])));
}
