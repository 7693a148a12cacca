// SM 6.6 dynamic resources: ResourceDescriptorHeap and
// SamplerDescriptorHeap indexed by a constant buffer's values, by a
// literal, and per thread with NonUniformResourceIndex; the pipeline places
// resources in the heaps with HeapIndex (a resource may also have a
// DirectXBinding: one resource seen both ways).  A heap index no resource
// has is a located error.
// RUN: %hlslc run %s --pipeline %S/descriptor-heap.yaml -T cs_6_6 | FileCheck %s
// CHECK: Sums: pass
// CHECK: Counts: pass
// RUN: not %hlslc run -T cs_6_6 -D MISSING %s --pipeline %S/descriptor-heap.yaml 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: descriptor-heap.hlsl:[[@LINE+21]]:{{[0-9]+}}: error: the shader reads ResourceDescriptorHeap[7], but no resource of the pipeline has HeapIndex 7

cbuffer Indices : register(b0) {
  uint TableIndex;
  uint TexIndex;
  uint SampIndex;
}

RWStructuredBuffer<float> Sums : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID) {
  StructuredBuffer<float> table = ResourceDescriptorHeap[TableIndex];
  Texture2D<float> tex = ResourceDescriptorHeap[TexIndex];
  SamplerState samp = SamplerDescriptorHeap[SampIndex];
  // Heap entries 4 and 5: one counter buffer per pair of threads.
  RWStructuredBuffer<uint> counts = ResourceDescriptorHeap[NonUniformResourceIndex(4 + i / 2)];
  InterlockedAdd(counts[0], i + 1);
  // The output also lives at heap index 6 (and register u0).
  RWStructuredBuffer<float> same = ResourceDescriptorHeap[6];
#ifdef MISSING
  StructuredBuffer<float> none = ResourceDescriptorHeap[7];
  Sums[i] = none[0];
#endif
  same[i] = table[i] + tex.SampleLevel(samp, float2(0.25 + 0.5 * (i % 2), 0.5), 0) * 100;
}
