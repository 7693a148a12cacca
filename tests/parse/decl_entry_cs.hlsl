// RUN: %hlslc -T cs_6_10 -fsyntax-only %s
// A compute entry point compiled on its own (the target names the stage, so
// no [shader] attribute): [numthreads], [wavesize], the three thread-ID
// semantics, a helper function, a groupshared buffer and a barrier.

#define THREADS 64

ByteAddressBuffer Input : register(t0);
RWByteAddressBuffer Output : register(u0);

groupshared uint Partial[THREADS];

uint ReduceStep(uint index, uint stride) {
    if (index < stride)
        Partial[index] += Partial[index + stride];
    GroupMemoryBarrierWithGroupSync();
    return stride / 2;
}

[numthreads(THREADS, 1, 1)]
[wavesize(32, 64)]
void main(uint3 dispatchId : SV_DispatchThreadID, uint3 groupId : SV_GroupID,
          uint groupIndex : SV_GroupIndex) {
    Partial[groupIndex] = Input.Load(dispatchId.x * 4);
    GroupMemoryBarrierWithGroupSync();
    for (uint stride = THREADS / 2; stride > 0;)
        stride = ReduceStep(groupIndex, stride);
    if (groupIndex == 0)
        Output.Store(groupId.x * 4, Partial[0]);
}
