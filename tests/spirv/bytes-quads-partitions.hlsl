// RUN: %hlslc -spirv -S -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// RUN: %hlslc -spirv -T cs_6_8 -enable-16bit-types %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// msad4 (Bfi and Msad: bit-field extracts, a masked |difference| per byte),
// pack_*/unpack_* (Pack4x8, Unpack4x8), QuadAny/QuadAll (three quad swaps),
// WaveMatch and WaveMultiPrefix* (SPV_NV_shader_subgroup_partitioned, as
// DXC), GatherRaw (the first component of a uint image) and
// GetSamplePosition (the standard positions, by the image's sample count).
// tests/run/bytes-waves-quads.hlsl and texture-gather-raw.hlsl run them.

// CHECK-DAG: OpCapability GroupNonUniformQuad
// CHECK-DAG: OpCapability GroupNonUniformPartitionedNV
// CHECK-DAG: OpCapability ImageQuery
// CHECK-DAG: OpExtension "SPV_NV_shader_subgroup_partitioned"
Texture2DMS<float4> MS : register(t0);
Texture2D<uint> Packed : register(t1);
SamplerState Samp : register(s0);
RWStructuredBuffer<uint4> Out : register(u0);
RWStructuredBuffer<float4> FOut : register(u1);

[numthreads(8, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // CHECK: OpBitFieldInsert %uint
  // CHECK: OpBitFieldUExtract %uint {{%[0-9]+}} %uint_0 %uint_8
  // CHECK: OpSelect %uint
  uint4 m = msad4(tid.x * 0x01020304u, uint2(0x05060708u, tid.x), uint4(1, 2, 3, 4));
  // CHECK: OpExtInst %uint %GLSL_std_450 SClamp {{%[0-9]+}} %uint_4294967168 %uint_127
  uint p = pack_u8(uint4(tid.x, 2, 3, 300)) + pack_clamp_s8(int4(-200, 5, 200, (int)tid.x));
  // CHECK: OpBitFieldSExtract %uint {{%[0-9]+}} %uint_8 %uint_8
  // CHECK: OpUConvert %ushort
  int16_t4 u16 = unpack_s8s16(pack_s8(int16_t4(-1, 2, -3, 4)));
  uint4 u = unpack_u8u32(p) + (uint4)u16;
  // CHECK: OpGroupNonUniformQuadSwap %bool %uint_3 [[C:%[0-9]+]] %uint_0
  // CHECK: OpGroupNonUniformQuadSwap %bool %uint_3 [[C]] %uint_1
  // CHECK: OpGroupNonUniformQuadSwap %bool %uint_3 [[C]] %uint_2
  // CHECK: OpLogicalOr %bool
  bool any = QuadAny(tid.x == 1);
  // CHECK: OpLogicalAnd %bool
  bool all = QuadAll(tid.x < 6);
  // CHECK: [[MATCH:%[0-9]+]] = OpGroupNonUniformPartitionNV %v4uint
  uint4 match = WaveMatch(tid.x / 3);
  // CHECK: OpGroupNonUniformIAdd %uint %uint_3 PartitionedExclusiveScanNV {{%[0-9]+}} {{%[0-9]+}}
  // CHECK: OpGroupNonUniformIMul %uint %uint_3 PartitionedExclusiveScanNV
  // CHECK: OpGroupNonUniformBitwiseAnd %uint %uint_3 PartitionedExclusiveScanNV
  // CHECK: OpGroupNonUniformIAdd %uint %uint_3 PartitionedExclusiveScanNV
  uint prefix = WaveMultiPrefixSum(tid.x, match) + WaveMultiPrefixProduct(tid.x + 1, match)
              + WaveMultiPrefixBitAnd(tid.x, match) + WaveMultiPrefixCountBits(tid.x % 2 == 0, match);
  // CHECK: OpGroupNonUniformFAdd %float %uint_3 PartitionedExclusiveScanNV
  float fprefix = WaveMultiPrefixSum((float)tid.x, match);
  // CHECK: OpImageGather %v4uint {{%[0-9]+}} {{%[0-9]+}} %uint_0{{$}}
  uint4 raw = Packed.GatherRaw(Samp, float2(0.5, 0.5));
  // CHECK: [[COUNT:%[0-9]+]] = OpImageQuerySamples %uint
  // CHECK: OpAccessChain %_ptr_Function_v2float %sample_positions
  float2 pos = MS.GetSamplePosition(tid.x);
  Out[tid.x] = m + p + u + uint(any) + uint(all) * 2 + match + prefix + raw;
  FOut[tid.x] = float4(pos, fprefix, 0);
}
