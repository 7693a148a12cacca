// DXR's ray tracing is outside what hlslc compiles: its functions and
// shader stages are each refused with one error naming the feature, and
// nothing cascades from the declarations that used them.  Inline ray
// tracing compiles from SM 6.5 (a RaytracingAccelerationStructure, a
// RayQuery in a compute function; tests/codegen/rayquery-inline-ray-tracing.hlsl).
// (Its plain structs, RayDesc and BuiltInTriangleIntersectionAttributes,
// are types like any struct; tests/sema/hlsl/stage-intrinsics-reached.hlsl
// has the intrinsics a compute entry does not reach.)
// RUN: %hlslc -T lib_6_5 -fsyntax-only -verify %s

RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<uint> Output : register(u0);

[shader("compute")]
[numthreads(1, 1, 1)]
void Query() {
  RayDesc Ray; // a plain struct, as in DXC: fine in any stage
  Ray.TMin = 0;
  RayQuery<0> Q;
  Q.TraceRayInline(Scene, 0, 0xFF, Ray);
  Q.Proceed();
}

[shader("raygeneration")] // expected-error {{ray tracing shaders ('raygeneration') are not supported: hlslc compiles compute shaders without ray tracing}}
void RayGen() {
  Output[DispatchRaysIndex().x] = 1; // expected-error {{ray tracing ('DispatchRaysIndex') is not supported: hlslc compiles compute shaders without ray tracing}}
}
