// RUN: %hlslc -spirv -S -T cs_6_10 -enable-16bit-types %s -o - | FileCheck %s
// Packed groupshared arrays: a run of eight 16-bit stores at a proven
// multiple of 8 is one 16-byte store into the array declared as uvec4
// units; matrices load from the units (start and stride in units); a
// single element is read out of its 32-bit word.  An array stored an
// element at a time, or at an index not known to be aligned, stays as it is.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer A : register(t0);
[[vk::binding(1)]] RWByteAddressBuffer C : register(u0);

groupshared half Tile[16 * 24];       // rows of 16 halves, padded to 24
groupshared float Sums[64];           // four floats a store
groupshared half Loose[64];           // single stores: not packed
groupshared half Shifted[72];         // a run at an odd base: not packed

// CHECK-DAG: %Tile = OpVariable %_ptr_Workgroup__arr_v4uint_uint_48 Workgroup
// CHECK-DAG: %Sums = OpVariable %_ptr_Workgroup__arr_v4uint_uint_16 Workgroup
// CHECK-DAG: %Loose = OpVariable %_ptr_Workgroup__arr_half_uint_64 Workgroup
// CHECK-DAG: %Shifted = OpVariable %_ptr_Workgroup__arr_half_uint_72 Workgroup

using OpA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;

void Put(uint at, uint4 v)
{
    Tile[at + 0] = asfloat16((uint16_t)(v.x & 0xFFFF)); Tile[at + 1] = asfloat16((uint16_t)(v.x >> 16));
    Tile[at + 2] = asfloat16((uint16_t)(v.y & 0xFFFF)); Tile[at + 3] = asfloat16((uint16_t)(v.y >> 16));
    Tile[at + 4] = asfloat16((uint16_t)(v.z & 0xFFFF)); Tile[at + 5] = asfloat16((uint16_t)(v.z >> 16));
    Tile[at + 6] = asfloat16((uint16_t)(v.w & 0xFFFF)); Tile[at + 7] = asfloat16((uint16_t)(v.w >> 16));
}

[numthreads(32, 1, 1)]
[wavesize(32)]
void main(uint lane : SV_GroupIndex)
{
    // Lane l copies piece l: row l / 2, halves (l % 2) * 8 on.
    // CHECK: OpCompositeConstruct %v2half
    // CHECK: OpBitcast %uint
    // CHECK: [[UNITS:%[0-9]+]] = OpCompositeConstruct %v4uint
    // CHECK: [[AT:%[0-9]+]] = OpShiftRightLogical %uint {{%[0-9]+}} %uint_3
    // CHECK: [[PTR:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_v4uint %Tile [[AT]]
    // CHECK: OpStore [[PTR]] [[UNITS]]
    Put((lane / 2) * 24 + (lane % 2) * 8, A.Load4(lane * 16));

    // CHECK: [[S:%[0-9]+]] = OpAccessChain %_ptr_Workgroup_v4uint %Sums
    // CHECK-NEXT: OpStore [[S]]
    // CHECK: OpAccessChain %_ptr_Workgroup_half %Loose
    // CHECK: OpAccessChain %_ptr_Workgroup_half %Shifted
    // CHECK: OpAccessChain %_ptr_Workgroup_half %Shifted
    // CHECK: OpControlBarrier
    uint b = lane * 4;
    Sums[b] = 1.0; Sums[b + 1] = 2.0; Sums[b + 2] = 3.0; Sums[b + 3] = (float)lane;
    Loose[lane] = (half)lane;
    Shifted[lane * 2 + 1] = 1.0h; Shifted[lane * 2 + 2] = 2.0h;
    GroupMemoryBarrierWithGroupSync();

    // The stride of 24 halves is 3 units.
    // CHECK: OpAccessChain %_ptr_Workgroup_v4uint %Tile %uint_0
    // CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_16x16_A {{%[0-9]+}} %uint_0 %uint_3
    OpA a = OpA::Load(Tile, 0, 24, MatrixLayout::RowMajor);

    // One element of a packed array: its word, shifted, as a half.
    // CHECK: OpAccessChain %_ptr_Workgroup_uint %Tile
    // CHECK: OpUConvert %ushort
    // CHECK: OpBitcast %half
    half h = Tile[lane * 3];
    float f = Sums[lane];
    C.Store(lane * 4, asuint((float)h + f + (float)Loose[lane] + (float)Shifted[lane]));
}
