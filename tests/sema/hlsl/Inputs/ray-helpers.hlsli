// Helpers of a ray-tracing sample, shared by its ray-tracing shaders and its
// compute passes (as RTAO's RaytracingShaderHelper.hlsli is).
float3 HitWorldPosition() {
  return WorldRayOrigin() + RayTCurrent() * WorldRayDirection();
}

uint2 PixelOfRay() {
  return DispatchRaysIndex().xy;
}

float3x4 HitToWorld() {
  return ObjectToWorld3x4();
}

void AlphaTest(float alpha) {
  clip(alpha - 0.5);
}

// Used by every pass.
float Luminance(float3 c) {
  return dot(c, float3(0.2126, 0.7152, 0.0722));
}
