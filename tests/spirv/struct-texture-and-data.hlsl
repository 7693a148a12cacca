// RUN: %hlslc -T cs_6_8 -spirv -S %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: not %hlslc -T cs_6_8 -spirv -DDYNAMIC %s 2>&1 | FileCheck %s --check-prefix=DYN
// A material struct holding a texture and a sampler beside its scale and
// offset, copied into a local array: the handles are followed statically
// (the sample reads the global images themselves) and the data lives in
// Function variables of its own.

Texture2D<float4> Tex : register(t0);
SamplerState Samp : register(s1);
RWStructuredBuffer<float4> Out : register(u2);

struct Material { Texture2D<float4> albedo; SamplerState s; float scale; float2 offset; };

float4 Shade(Material m, float2 uv) { return m.albedo.SampleLevel(m.s, uv + m.offset, 0) * m.scale; }

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  Material m;
  m.albedo = Tex; m.s = Samp; m.scale = 2.0 + i; m.offset = float2(0.25, 0.5);
  Material arr[2];
  arr[0] = m; arr[1] = m; arr[1].scale = 3;
#ifdef DYNAMIC
  // DYN: error: a struct holding resources chosen at run time from a local array has no SPIR-V mapping
  Out[i] = Shade(arr[i & 1], float2(i, 0) * 0.1);
#else
  Out[i] = Shade(arr[1], float2(i, 0) * 0.1) + Shade(m, float2(0, i));
#endif
}

// CHECK-DAG: %Tex = OpVariable
// CHECK-DAG: %Samp = OpVariable
// CHECK: OpLoad {{.*}} %Tex
// CHECK: OpSampledImage
// CHECK: OpImageSampleExplicitLod
// CHECK-NOT: OpVariable {{.*}}UniformConstant{{.*}}Function
