// A header shared by a sample's ray-tracing shaders and its compute passes:
// each pass declares its buffers on the registers it binds, and the
// ray-tracing helpers are there for the hit shaders.
RWStructuredBuffer<float4> Positions : register(u0);
RWStructuredBuffer<float> Distances : register(u0);   // the distance pass's u0
StructuredBuffer<float4> Rays : register(t0);

float3 HitPosition() {
  return WorldRayOrigin() + RayTCurrent() * WorldRayDirection();
}

float3 Interpolate(float3 v[3], BuiltInTriangleIntersectionAttributes attr) {
  return v[0] + attr.barycentrics.x * (v[1] - v[0]) + attr.barycentrics.y * (v[2] - v[0]);
}

RayDesc MakeRay(float4 packed) {
  RayDesc ray;
  ray.Origin = float3(0, 0, 0);
  ray.Direction = normalize(packed.xyz);
  ray.TMin = 0.001;
  ray.TMax = packed.w;
  return ray;
}
