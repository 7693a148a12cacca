// Arrays of resources: a bounded array of structured buffers indexed by a
// constant and by a value uniform in the group, and an unbounded array of
// typed buffers indexed per thread with NonUniformResourceIndex, each
// array one pipeline buffer with ArraySize N.  The CPU executor binds the
// N arrays to N registers; the GPU tests run the same pipeline on Vulkan
// (one binding of N descriptors) and compare.
// RUN: %hlslc run %s --pipeline %S/descriptor-arrays.yaml | FileCheck %s
// CHECK: Sums: pass
// CHECK-NEXT: Updated: pass
// RUN: %hlslc -spirv -S -T cs_6_6 %s -o - | FileCheck %s --check-prefix=SPV
// SPV-DAG: OpCapability RuntimeDescriptorArray
// SPV-DAG: OpCapability StorageTexelBufferArrayNonUniformIndexing
// SPV-DAG: %Tables = OpVariable %_ptr_StorageBuffer__arr_type_StructuredBuffer_uint_uint_3 StorageBuffer
// SPV-DAG: OpDecorate %Cells Binding 1

StructuredBuffer<uint> Tables[3] : register(t0);
[[vk::binding(1)]] RWBuffer<int> Cells[] : register(u0);
[[vk::binding(2)]] RWStructuredBuffer<uint> Sums : register(u0, space1);

[numthreads(4, 1, 1)]
void main(uint3 group : SV_GroupID, uint i : SV_GroupThreadID) {
  // group.x is the same for the whole group: a dynamically uniform index.
  Sums[group.x * 4 + i] = Tables[group.x][i] + Tables[2][i];
  uint cell = group.x * 4 + i;
  Cells[NonUniformResourceIndex(cell)][0] = Cells[NonUniformResourceIndex(cell)][1] * 10 + (int)cell;
}
