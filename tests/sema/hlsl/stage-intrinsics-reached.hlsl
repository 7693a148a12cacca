// Ray-tracing and pixel-shader intrinsics (and `discard`) in helpers of a
// shared header are fine in a compute shader that never calls those
// helpers: as DXC, hlslc reports them only where the entry point reaches
// them, with the chain of calls as notes.  A library compiles every
// function it holds, so there each of them is reached.
// RUN: %hlslc -T cs_6_8 -E Blur -verify=blur %s
// RUN: %hlslc -T cs_6_8 -E Debug -fsyntax-only -verify=debug %s
// RUN: %hlslc -T lib_6_8 -D LIBRARY -fsyntax-only -verify=lib %s

// blur-no-diagnostics
#include "Inputs/ray-helpers.hlsli"
// debug-error@Inputs/ray-helpers.hlsli:4 {{ray tracing ('WorldRayOrigin') is not supported: hlslc compiles compute shaders without ray tracing}}
// debug-error@Inputs/ray-helpers.hlsli:4 {{ray tracing ('RayTCurrent') is not supported}}
// debug-error@Inputs/ray-helpers.hlsli:4 {{ray tracing ('WorldRayDirection') is not supported}}
// debug-error@Inputs/ray-helpers.hlsli:16 {{'clip' is only allowed in pixel shaders}}
// lib-error@Inputs/ray-helpers.hlsli:4 {{ray tracing ('WorldRayOrigin') is not supported}}
// lib-error@Inputs/ray-helpers.hlsli:4 {{ray tracing ('RayTCurrent') is not supported}}
// lib-error@Inputs/ray-helpers.hlsli:4 {{ray tracing ('WorldRayDirection') is not supported}}
// lib-error@Inputs/ray-helpers.hlsli:8 {{ray tracing ('DispatchRaysIndex') is not supported}}
// lib-error@Inputs/ray-helpers.hlsli:12 {{ray tracing ('ObjectToWorld3x4') is not supported}}
// lib-error@Inputs/ray-helpers.hlsli:16 {{'clip' is only allowed in pixel shaders}}

Texture2D<float4> Input : register(t0);
RWTexture2D<float4> Output : register(u0);

void Cutout(float4 c) {
  if (c.a == 0)
    discard; // debug-error {{'discard' is only allowed in pixel shaders}} lib-error {{'discard' is only allowed in pixel shaders}}
}

[numthreads(8, 8, 1)]
void Blur(uint2 id : SV_DispatchThreadID) {
  float4 sum = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      sum += Input[int2(id) + int2(dx, dy)];
  sum /= 9;
  Output[id] = float4(sum.rgb, Luminance(sum.rgb));
}

float3 Visualize(float4 c) {
  AlphaTest(c.a); // debug-note {{'AlphaTest' is called from 'Visualize' here}}
  return HitWorldPosition() * c.rgb; // debug-note 3 {{'HitWorldPosition' is called from 'Visualize' here}}
}

#ifndef LIBRARY
[numthreads(8, 8, 1)]
void Debug(uint2 id : SV_DispatchThreadID) {
  float4 c = Input[id];
  Cutout(c); // debug-note {{'Cutout' is called from the entry point 'Debug' here}}
  Output[id] = float4(Visualize(c), 1); // debug-note 4 {{'Visualize' is called from the entry point 'Debug' here}}
}
#endif
