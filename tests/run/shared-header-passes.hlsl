// A compute pass of a ray-tracing sample, compiled from a header its hit
// shaders share: the ray-tracing helper it never calls, and the buffer of
// another pass on its own register u0, are no errors (as in DXC), and the
// plain structs RayDesc and BuiltInTriangleIntersectionAttributes work.
// RUN: %hlslc run %s --pipeline %S/shared-header-passes.yaml | FileCheck %s
// CHECK: Ends: pass
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s --check-prefix=IR
// IR: !"Positions", i32 0, i32 0, i32 1,
// IR-NOT: !"Distances"

#include "Inputs/scene-shared.hlsli"

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  RayDesc ray = MakeRay(Rays[i]);
  float3 corners[3] = { float3(0, 0, 0), float3(4, 0, 0), float3(0, 8, 0) };
  BuiltInTriangleIntersectionAttributes attr;
  attr.barycentrics = float2(0.25 * i, 0.125);
  float3 onTriangle = Interpolate(corners, attr);
  Positions[i] = float4(ray.Origin + ray.TMax * ray.Direction + onTriangle, ray.TMin > 0);
}
