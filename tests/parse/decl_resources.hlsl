// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Global resources with explicit bindings: `register(t0)`, `register(u1)`,
// register spaces, resource arrays, and resources passed to functions.

struct Particle {
    float3 position;
    float3 velocity;
    float age;
};

ByteAddressBuffer RawInput : register(t0);
StructuredBuffer<Particle> Particles : register(t1);
StructuredBuffer<float4> Colors : register(t2, space1);
RWByteAddressBuffer RawOutput : register(u0);
RWStructuredBuffer<Particle> ParticlesOut : register(u1, space2);
RWStructuredBuffer<uint> Counters : register(u2, space2);
ByteAddressBuffer Tables[4] : register(t0, space3);
// No explicit binding: the compiler assigns one.
RWByteAddressBuffer Scratch;

float AgeOf(StructuredBuffer<Particle> buf, uint i) { return buf[i].age; }

void Step(uint i, float dt) {
    Particle p = Particles[i];
    p.position += p.velocity * dt;
    p.age += dt;
    ParticlesOut[i] = p;
    uint previous;
    InterlockedAdd(Counters[0], 1u, previous);
    RawOutput.Store(i * 4, RawInput.Load(i * 4) + Tables[2].Load(0));
    Scratch.Store(0, asuint(AgeOf(Particles, i) + Colors[i].a));
}
