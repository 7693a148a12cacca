// Inline ray tracing compiles (SM 6.5) but does not run on the CPU: the
// runner has no acceleration structures (nor does the pipeline format).
// The dispatch stops with a located error at the first use of the scene.
// RUN: not %hlslc run -T cs_6_5 %s --pipeline %S/rayquery-does-not-run.yaml 2>&1 | FileCheck %s
// CHECK: rayquery-does-not-run.hlsl:[[@LINE+10]]:3: error: the shader traces rays through the RaytracingAccelerationStructure at register t0, space0: inline ray tracing (RayQuery) does not run on the CPU runner

RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  RayQuery<RAY_FLAG_NONE> q;
  RayDesc ray;
  ray.Origin = 0; ray.TMin = 0; ray.Direction = float3(0, 0, 1); ray.TMax = 100;
  q.TraceRayInline(Scene, RAY_FLAG_NONE, 0xFF, ray);
  q.Proceed();
  Out[0] = q.CommittedRayT();
}
