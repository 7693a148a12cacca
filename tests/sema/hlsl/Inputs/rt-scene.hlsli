// A renderer's shared header (as kajiya's inc/rt.hlsl is): ray-tracing
// helpers that take the acceleration structure, used by its ray-tracing
// shaders, beside code its compute passes use.
struct ShadowPayload { bool hit; };

bool IsShadowed(RaytracingAccelerationStructure scene, RayDesc ray) {
  ShadowPayload payload;
  payload.hit = true;
  TraceRay(scene, RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH | RAY_FLAG_SKIP_CLOSEST_HIT_SHADER, 0xff, 0, 0, 0,
           ray, payload);
  return payload.hit;
}

struct Tracer {
  RayDesc ray;
  uint flags;
  bool Trace(RaytracingAccelerationStructure scene) {
    ShadowPayload payload;
    payload.hit = false;
    TraceRay(scene, flags | RAY_FLAG_CULL_BACK_FACING_TRIANGLES, 0xff, 0, 0, 0, ray, payload);
    return payload.hit;
  }
};

// Used by every pass.
uint FrontFace() { return HIT_KIND_TRIANGLE_FRONT_FACE; }
