// A helper that traces rays with DXR's TraceRay is fine in a compute shader
// whose entry point never reaches it, as in DXC: ray tracing's intrinsics
// are an error only where the entry reaches them, with the chain of calls
// as notes.  A RaytracingAccelerationStructure itself is a resource (inline
// ray tracing's scene), declared and passed in any compute shader.  DXC's built-in
// ray-tracing constants (RAY_FLAG_*, HIT_KIND_*, COMMITTED_*, ...) are
// plain uints everywhere.
// RUN: %hlslc -T cs_6_8 -E Blur -verify=blur %s
// RUN: %hlslc -T cs_6_8 -E Shadows -fsyntax-only -verify=shadows %s

// blur-no-diagnostics
#include "Inputs/rt-scene.hlsli"
// shadows-error@Inputs/rt-scene.hlsli:9 {{ray tracing ('TraceRay') is not supported}}
// shadows-note@+13 {{'IsShadowed' is called from the entry point 'Shadows' here}}

RaytracingAccelerationStructure Scene : register(t0);
RaytracingAccelerationStructure Unused : register(t1);
RWStructuredBuffer<uint> Output : register(u0);

[numthreads(8, 1, 1)] void Blur(uint3 id : SV_DispatchThreadID) {
  Output[id.x] = FrontFace() + RAY_FLAG_CULL_OPAQUE + COMMITTED_TRIANGLE_HIT + CANDIDATE_PROCEDURAL_PRIMITIVE;
}

[numthreads(8, 1, 1)] void Shadows(uint3 id : SV_DispatchThreadID) {
  RayDesc ray;
  ray.Origin = float3(id); ray.Direction = float3(0, 0, 1); ray.TMin = 0; ray.TMax = 100;
  Output[id.x] = IsShadowed(Scene, ray) ? 1 : 0;
}
