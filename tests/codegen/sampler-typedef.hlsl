// `sampler` is SamplerState, as DXC declares it (`typedef SamplerState
// sampler;` in every unit: FXC's spelling, common in older shaders), for
// globals, parameters and arguments alike; a parameter or local variable
// named `sampler` (`SamplerState sampler`) hides it, as in C++.
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s

Texture2D<float4> Color : register(t0);
sampler Linear : register(s0);
RWTexture2D<float4> Out : register(u0);

float4 Fetch(sampler s, float2 uv) { return Color.SampleLevel(s, uv, 0); }

// A parameter or local named `sampler` hides the typedef, as in C++.
float4 Read(Texture2D<float4> tex, SamplerState sampler, float2 uv) { return tex.SampleLevel(sampler, uv, 0); }
int Count(int sampler) { int total = sampler + 1; return total; }

// CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleLevel.f32"(i32 62, %"dx.types.Handle" {{.*}}, %"dx.types.Handle" [[S:%"Linear[.0-9]*"]],
[numthreads(8, 8, 1)]
void main(uint2 id : SV_DispatchThreadID) {
  Out[id] = Fetch(Linear, id * 0.01) * Count(1) + Read(Color, Linear, 0.5);
}
// CHECK: !{{[0-9]+}} = !{ i32 0, %"struct.SamplerState"* undef, !"Linear", i32 0, i32 0, i32 1, i32 0, null }
