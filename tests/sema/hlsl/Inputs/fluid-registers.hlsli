// Resources of several compute passes, declared once for all of them (as in
// the DirectX SDK's fluid sample): the passes never use two of those that
// share a register.
struct Particle {
  float2 position;
  float2 velocity;
};

cbuffer SimulationConstants : register(b0) {
  uint NumParticles;
  float TimeStep;
};

RWStructuredBuffer<Particle> ParticlesRW : register(u0);
RWStructuredBuffer<float> DensityRW : register(u0);
RWStructuredBuffer<uint> GridRW : register(u0);
StructuredBuffer<Particle> ParticlesRO : register(t0);
StructuredBuffer<float> DensityRO : register(t1);
StructuredBuffer<uint2> GridIndicesRO : register(t1);
