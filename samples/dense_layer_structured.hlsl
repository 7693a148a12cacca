// dense_layer_structured.hlsl -- a fully connected layer over a batch, in the
// style of an ordinary compute kernel: problem sizes in a cbuffer, tensors in
// structured buffers, and the matrix product done by Wave-scope dx::linalg
// matrices.
//
//   Y[b][o] = act( sum_i X[b][i] * W[i][o] + Bias[o] )
//
// X is Batch x InFeatures (row-major fp16), W is InFeatures x OutFeatures
// (row-major fp16), Bias and Y are fp32.  act is a leaky ReLU whose slope
// comes from the cbuffer (0 gives a plain ReLU).  Each thread group computes
// one TILE_M x TILE_N tile of Y with one 32-lane wave: for every TILE_K-deep
// slice it stages X and W in groupshared tiles, multiply-accumulates in fp32,
// then writes the accumulator back through groupshared so that every thread
// applies bias and activation to its own elements.
//
// Batch, InFeatures and OutFeatures must be multiples of TILE_M, TILE_K and
// TILE_N.
//
// Compile:  hlslc -T cs_6_10 samples/dense_layer_structured.hlsl -o dense_layer_structured.ll

#include <dx/linalg.h>

#define TILE_M 16
#define TILE_N 16
#define TILE_K 32
#define LANES 32

cbuffer LayerParams : register(b0)
{
    uint Batch;
    uint InFeatures;
    uint OutFeatures;
    float LeakySlope;
};

StructuredBuffer<half> X : register(t0);
StructuredBuffer<half> W : register(t1);
StructuredBuffer<float> Bias : register(t2);
RWStructuredBuffer<float> Y : register(u0);

groupshared half TileX[TILE_M * TILE_K];
groupshared half TileW[TILE_K * TILE_N];
groupshared float TileY[TILE_M * TILE_N];

using namespace dx::linalg;

using OperandX = Matrix<MatrixComponentType::F16, TILE_M, TILE_K, MatrixUse::A,
                        MatrixScope::Wave>;
using OperandW = Matrix<MatrixComponentType::F16, TILE_K, TILE_N, MatrixUse::B,
                        MatrixScope::Wave>;
using Accum = Matrix<MatrixComponentType::F32, TILE_M, TILE_N,
                     MatrixUse::Accumulator, MatrixScope::Wave>;

float Activate(float v)
{
    return v >= 0.0f ? v : v * LeakySlope;
}

[numthreads(LANES, 1, 1)]
[wavesize(LANES)]
void main(uint3 groupId : SV_GroupID, uint lane : SV_GroupIndex)
{
    const uint firstRow = groupId.y * TILE_M;
    const uint firstCol = groupId.x * TILE_N;

    Accum acc = Accum::Splat(0.0f);

    for (uint k = 0; k < InFeatures; k += TILE_K)
    {
        // Stage this slice: each lane copies every LANES-th element.
        for (uint i = lane; i < TILE_M * TILE_K; i += LANES)
        {
            uint r = i / TILE_K;
            uint c = i % TILE_K;
            TileX[i] = X[(firstRow + r) * InFeatures + k + c];
        }
        for (uint j = lane; j < TILE_K * TILE_N; j += LANES)
        {
            uint r = j / TILE_N;
            uint c = j % TILE_N;
            TileW[j] = W[(k + r) * OutFeatures + firstCol + c];
        }
        GroupMemoryBarrierWithGroupSync();

        OperandX x = OperandX::Load(TileX, 0, TILE_K, MatrixLayout::RowMajor);
        OperandW w = OperandW::Load(TileW, 0, TILE_N, MatrixLayout::RowMajor);
        acc.MultiplyAccumulate(x, w);

        GroupMemoryBarrierWithGroupSync();
    }

    acc.Store(TileY, 0, TILE_N, MatrixLayout::RowMajor);
    GroupMemoryBarrierWithGroupSync();

    // Epilogue: bias and activation, one element per lane per step.
    for (uint e = lane; e < TILE_M * TILE_N; e += LANES)
    {
        uint r = e / TILE_N;
        uint c = e % TILE_N;
        uint row = firstRow + r;
        uint col = firstCol + c;
        if (row < Batch)
            Y[row * OutFeatures + col] = Activate(TileY[e] + Bias[col]);
    }
}
