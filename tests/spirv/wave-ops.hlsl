// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Wave operations are GroupNonUniform instructions at Subgroup scope (3).

// CHECK-DAG: OpCapability GroupNonUniform
// CHECK-DAG: OpCapability GroupNonUniformVote
// CHECK-DAG: OpCapability GroupNonUniformArithmetic
// CHECK-DAG: OpCapability GroupNonUniformBallot
// CHECK-DAG: OpCapability GroupNonUniformShuffle
// CHECK-DAG: OpCapability GroupNonUniformQuad
// CHECK-DAG: OpDecorate %gl_SubgroupInvocationID BuiltIn SubgroupLocalInvocationId
// CHECK-DAG: OpDecorate %gl_SubgroupSize BuiltIn SubgroupSize
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<float> FOut : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint lane = WaveGetLaneIndex();
    uint lanes = WaveGetLaneCount();
    float x = (float)id.x;
    // CHECK: OpGroupNonUniformIAdd %uint %uint_3 Reduce
    uint total = WaveActiveSum(id.x);
    // CHECK: OpGroupNonUniformFMax %float %uint_3 Reduce
    float top = WaveActiveMax(x);
    // CHECK: OpGroupNonUniformSMin %uint %uint_3 Reduce
    int low = WaveActiveMin((int)id.x - 10);
    // CHECK: OpGroupNonUniformIAdd %uint %uint_3 ExclusiveScan
    uint prefix = WavePrefixSum(1u);
    // CHECK: OpGroupNonUniformFMul %float %uint_3 ExclusiveScan
    float product = WavePrefixProduct(x);
    // CHECK: OpGroupNonUniformBitwiseOr %uint %uint_3 Reduce
    uint bits = WaveActiveBitOr(id.x);
    // CHECK: OpGroupNonUniformBallot %v4uint %uint_3
    uint4 ballot = WaveActiveBallot(id.x % 2 == 0);
    // CHECK: OpGroupNonUniformBallotBitCount %uint %uint_3 Reduce
    uint odd = WaveActiveCountBits(id.x % 2 == 1);
    // CHECK: OpGroupNonUniformAny %bool %uint_3
    bool any = WaveActiveAnyTrue(x > 10.0);
    // CHECK: OpGroupNonUniformAll %bool %uint_3
    bool all = WaveActiveAllTrue(x >= 0.0);
    // CHECK: OpGroupNonUniformAllEqual %bool %uint_3
    bool same = WaveActiveAllEqual(lanes);
    // CHECK: OpGroupNonUniformElect %bool %uint_3
    bool first = WaveIsFirstLane();
    // CHECK: OpGroupNonUniformBroadcastFirst %uint %uint_3
    uint leader = WaveReadLaneFirst(id.x);
    // CHECK: OpGroupNonUniformBroadcast %uint %uint_3 {{%[0-9]+}} %uint_5
    uint fifth = WaveReadLaneAt(id.x, 5);
    // CHECK: OpGroupNonUniformShuffle %uint %uint_3
    uint next = WaveReadLaneAt(id.x, (lane + 1) % lanes);
    // CHECK: OpGroupNonUniformQuadSwap %float %uint_3 {{%[0-9]+}} %uint_0
    float across = QuadReadAcrossX(x);
    // CHECK: OpGroupNonUniformQuadBroadcast %float %uint_3 {{%[0-9]+}} %uint_2
    float third = QuadReadLaneAt(x, 2);
    Out[id.x] = total + (uint)low + prefix + bits + ballot.x + odd + (any ? 1 : 0) + (all ? 2 : 0) + (same ? 4 : 0)
                + (first ? 8 : 0) + leader + fifth + next;
    FOut[id.x] = top + product + across + third;
}
