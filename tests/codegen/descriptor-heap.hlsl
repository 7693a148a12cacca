// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// SM 6.6 dynamic resources: ResourceDescriptorHeap[i] becomes the resource
// it initialises through createHandleFromHeap(index, samplerHeap,
// nonUniform) and annotateHandle with that resource's properties.

cbuffer Indices : register(b0) { uint SrvIndex; uint UavIndex; uint SamplerIndex; }
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // CHECK: [[H0:%"heap[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromHeap"(i32 218, i32 {{%"\.[0-9]+"}}, i1 0, i1 0)
  // CHECK-NEXT: call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[H0]], %"dx.types.ResourceProperties" {i32 12, i32 16})
  StructuredBuffer<float4> Src = ResourceDescriptorHeap[SrvIndex];
  // CHECK: [[H1:%"heap[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromHeap"(i32 218, i32 {{%"\.[0-9]+"}}, i1 0, i1 1)
  // CHECK-NEXT: call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[H1]], %"dx.types.ResourceProperties" {i32 4106, i32 265})
  RWBuffer<float> Dst = ResourceDescriptorHeap[NonUniformResourceIndex(UavIndex + tid.x)];
  // CHECK: [[H2:%"heap[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromHeap"(i32 218, i32 {{%"\.[0-9]+"}}, i1 1, i1 0)
  // CHECK-NEXT: call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[H2]], %"dx.types.ResourceProperties" {i32 14, i32 0})
  SamplerState S = SamplerDescriptorHeap[SamplerIndex];
  Dst[tid.x] = Src[tid.x].x;
  Out[tid.x] = Src[0];
}
