// A compute shader's build compiles its entry point only: ray tracing
// shaders in the same file (a path tracer's ray generation shader beside
// its compute passes) are functions like any other there, as in DXC, and
// what they call is an error only where the entry reaches it.  A library
// would emit them, and refuses them (tests/sema/hlsl/ray-tracing-refused.hlsl).
// RUN: %hlslc -T cs_6_8 -E Finalize -verify %s -o %t.ll
// RUN: %hlslc -T cs_6_8 -E Shade -fsyntax-only -verify=shade %s

// expected-no-diagnostics
struct Payload { float4 color; };
RaytracingAccelerationStructure Scene : register(t0);
RWTexture2D<float4> Image : register(u0);

float4 Trace(float3 origin, float3 dir) {
  RayDesc ray;
  ray.Origin = origin; ray.Direction = dir; ray.TMin = 0; ray.TMax = 1000;
  Payload p = { float4(0, 0, 0, 0) };
  TraceRay(Scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p); // shade-error {{ray tracing ('TraceRay') is not supported}}
  return p.color;
}

[shader("raygeneration")]
void RayGen() {
  uint2 pixel = DispatchRaysIndex().xy;
  Image[pixel] = Trace(float3(pixel, 0), float3(0, 0, 1));
}

[shader("miss")]
void Miss(inout Payload p) { p.color = float4(0.2, 0.4, 0.8, 1); }

[numthreads(8, 8, 1)]
void Finalize(uint2 id : SV_DispatchThreadID) {
  Image[id] = saturate(Image[id]);
}

[numthreads(8, 8, 1)]
void Shade(uint2 id : SV_DispatchThreadID) {
  Image[id] = Trace(float3(id, 0), float3(0, 0, 1)); // shade-note {{'Trace' is called from the entry point 'Shade' here}}
}
