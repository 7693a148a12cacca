// A bindless wrapper as WickedEngine writes it for SM 6.6: a class
// template whose `operator[]` casts a descriptor heap element to its
// parameter type.  The operator's body is checked and lowered for each
// instance (as a call by name is), and the cast of a heap element is the
// conversion it names.
// RUN: %hlslc -T cs_6_6 %s -o - | FileCheck %s
// CHECK: @"dx.op.createHandleFromHeap"(i32 218, i32 %{{[^,]+}}, i1 0, i1 0)
// CHECK: @"dx.op.createHandleFromHeap"(i32 218, i32 %{{[^,]+}}, i1 1, i1 0)
// CHECK: @"dx.op.sampleLevel.f32"

template<typename T>
struct BindlessResource {
  T operator[](uint index) { return (T)ResourceDescriptorHeap[index]; }
};
template<>
struct BindlessResource<SamplerState> {
  SamplerState operator[](uint index) { return (SamplerState)SamplerDescriptorHeap[index]; }
};
static const BindlessResource<Texture2D<float4> > textures;
static const BindlessResource<SamplerState> samplers;

RWStructuredBuffer<float4> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = textures[3].SampleLevel(samplers[5], float2(0.5, 0.5), 0);
}
