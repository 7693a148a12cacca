// [WaveSize(N)] sets the waves a dispatch runs in: before SM 6.8 through
// DXIL's WaveSize tag (11), from SM 6.8 through its range tag (23); the
// CPU engines read either.
// RUN: %hlslc run -T cs_6_6 %s --pipeline %S/wavesize-lane-count.yaml | FileCheck %s
// RUN: %hlslc run -T cs_6_8 %s --pipeline %S/wavesize-lane-count.yaml | FileCheck %s
// CHECK: Out: pass
// GPU: a Vulkan driver runs the subgroup size it chooses (the SPIR-V carries no wave size; VK_EXT_subgroup_size_control is the pipeline's), so 16-lane waves are the CPU engines' only

[[vk::binding(0)]] RWStructuredBuffer<uint> Out : register(u0);

[WaveSize(16)]
[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = WaveGetLaneCount() * 100 + WaveActiveCountBits(true);
}
