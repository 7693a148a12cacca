// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Entry-point attributes and semantics in a library: [shader("...")],
// [numthreads(x, y, z)] with literal and macro arguments, the three forms of
// [wavesize(...)], several attributes on one declaration, semantics on
// parameters, struct members and return values.

#define GROUP_X 8

RWByteAddressBuffer Out : register(u0);

struct ComputeInput {
    uint3 dispatch : SV_DispatchThreadID;
    uint3 local : SV_GroupThreadID;
    uint flat : SV_GroupIndex;
};

[shader("compute")]
[numthreads(64, 1, 1)]
void FixedWave(uint3 id : SV_DispatchThreadID) {
    Out.Store(id.x * 4, id.x);
}

[shader("compute")]
[numthreads(GROUP_X, GROUP_X, 1)]
[wavesize(32)]
void ExactWave(uint3 groupId : SV_GroupID, uint index : SV_GroupIndex) {
    Out.Store((groupId.x * GROUP_X * GROUP_X + index) * 4, WaveGetLaneIndex());
}

// A range of acceptable wave sizes.
[shader("compute")]
[numthreads(64, 1, 1)]
[wavesize(16, 64)]
void RangedWave(ComputeInput input) {
    Out.Store(input.dispatch.x * 4, input.flat + input.local.x);
}

// A range with a preferred size.
[shader("compute")]
[wavesize(16, 128, 32)]
[numthreads(128, 1, 1)]
void PreferredWave(uint3 id : SV_DispatchThreadID) {
    Out.Store(id.x * 4, WaveGetLaneCount());
}

// A pixel entry: semantics on parameters and on the return value.
[shader("pixel")]
float4 Shade(float4 position : SV_Position, float4 color : COLOR0) : SV_Target {
    return color * position.w;
}
