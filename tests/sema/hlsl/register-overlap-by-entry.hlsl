// Two resources on the same register are an error only when the entry point
// compiled uses both, as in DXC (which removes a shader's unused resources
// before it checks registers): a header shared by several entry points may
// give each pass's buffers the same registers.  The resource the entry does
// not use is left out of the module.  A library keeps both, unchecked, as
// DXC's lib_6_x does: its registers are checked when it is linked.
// RUN: %hlslc -T cs_6_8 -E Integrate %s | FileCheck %s --check-prefix=INTEGRATE
// RUN: %hlslc -T cs_6_8 -E Density %s | FileCheck %s --check-prefix=DENSITY
// RUN: %hlslc -T cs_6_8 -E Integrate -D GRID %s | FileCheck %s --check-prefix=GRID
// RUN: %hlslc -T cs_6_8 -E Both -verify=both %s
// RUN: %hlslc -T lib_6_8 %s | FileCheck %s --check-prefix=LIB

#include "Inputs/fluid-registers.hlsli"

// INTEGRATE: !{ i32 0, %"struct.RWStructuredBuffer<Particle>"* undef, !"ParticlesRW", i32 0, i32 0, i32 1,
// INTEGRATE-NOT: !"DensityRW"
// INTEGRATE-NOT: !"GridRW"
// INTEGRATE-NOT: !"DensityRO"
[numthreads(256, 1, 1)]
void Integrate(uint i : SV_DispatchThreadID) {
  Particle p = ParticlesRO[i];
  p.position += TimeStep * p.velocity;
#ifdef GRID
  // GRID: !{ i32 0, %"struct.RWStructuredBuffer<Particle>"* undef, !"ParticlesRW", i32 0, i32 0, i32 1,
  // GRID: !{ i32 1, %"struct.StructuredBuffer<uint2>"* undef, !"GridIndicesRO", i32 0, i32 1, i32 1,
  // GRID-NOT: !"DensityRO"
  uint2 range = GridIndicesRO[i];
  p.velocity *= range.y - range.x;
#endif
  ParticlesRW[i] = p;
}

// DENSITY: !{ i32 0, %"struct.RWStructuredBuffer<float>"* undef, !"DensityRW", i32 0, i32 0, i32 1,
// DENSITY-NOT: !"GridRW"
// DENSITY: !{ i32 0, %"struct.StructuredBuffer<Particle>"* undef, !"ParticlesRO", i32 0, i32 0, i32 1,
// DENSITY-NOT: !"ParticlesRW"
[numthreads(256, 1, 1)]
void Density(uint i : SV_DispatchThreadID) {
  float density = 0;
  for (uint j = 0; j < NumParticles; j++)
    density += length(ParticlesRO[j].position - ParticlesRO[i].position);
  DensityRW[i] = density;
}

// A helper the entry reaches counts: Both uses ParticlesRW and, through
// Store, DensityRW.
// both-error@Inputs/fluid-registers.hlsli:15 {{register u0 (space 0) of 'DensityRW' overlaps 'ParticlesRW'}}
void Store(uint i, float d) { DensityRW[i] = d; }

[numthreads(64, 1, 1)]
void Both(uint i : SV_DispatchThreadID) {
  Store(i, ParticlesRW[i].position.x);
}

// LIB: !{ i32 0, %"struct.RWStructuredBuffer<Particle>"* undef, !"ParticlesRW", i32 0, i32 0, i32 1,
// LIB: !{ i32 1, %"struct.RWStructuredBuffer<float>"* undef, !"DensityRW", i32 0, i32 0, i32 1,
// LIB: !{ i32 2, %"struct.RWStructuredBuffer<uint>"* undef, !"GridRW", i32 0, i32 0, i32 1,
