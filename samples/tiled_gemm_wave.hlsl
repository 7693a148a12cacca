// tiled_gemm_wave.hlsl -- tiled half-precision GEMM with Wave-scope matrices.
//
// Computes  C = |alpha * A * B|  for row-major fp16 matrices A (Rows x Depth)
// and B (Depth x Cols), writing C as row-major fp16 (the absolute value makes
// the output a magnitude map, ready for a later thresholding pass).
//
// Each thread group owns one BLOCK_M x BLOCK_N block of C and is made of four
// 32-lane waves; each wave owns one WAVE_M x WAVE_N quarter of the block.  For
// every TILE_K-deep slice of the K dimension, the group copies a slice of A and
// of B from memory into groupshared tiles, then every wave loads its operand
// matrices from those tiles and multiply-accumulates in fp32.
//
// Rows, Cols and Depth must be multiples of BLOCK_M, BLOCK_N and TILE_K.
//
// Compile:  hlslc -T cs_6_10 samples/tiled_gemm_wave.hlsl -o tiled_gemm_wave.ll

#include <dx/linalg.h>

#define WAVE_M 16
#define WAVE_N 16
#define TILE_K 32
#define WAVES_X 2   // waves across a block's columns
#define WAVES_Y 2   // waves down a block's rows
#define BLOCK_M (WAVE_M * WAVES_Y)
#define BLOCK_N (WAVE_N * WAVES_X)
#define LANES 32
#define GROUP_THREADS (LANES * WAVES_X * WAVES_Y)

// Bytes 0..11: Rows, Cols, Depth; bytes 12..15: alpha as fp32 bits.
ByteAddressBuffer Params : register(t0);
ByteAddressBuffer MatA : register(t1);
ByteAddressBuffer MatB : register(t2);
RWByteAddressBuffer MatC : register(u0);

// One K-slice of the group's rows of A and columns of B, both row-major.
groupshared half TileA[BLOCK_M * TILE_K];
groupshared half TileB[TILE_K * BLOCK_N];

using namespace dx::linalg;

using OperandA = Matrix<MatrixComponentType::F16, WAVE_M, TILE_K, MatrixUse::A,
                        MatrixScope::Wave>;
using OperandB = Matrix<MatrixComponentType::F16, TILE_K, WAVE_N, MatrixUse::B,
                        MatrixScope::Wave>;
using Accum32 = Matrix<MatrixComponentType::F32, WAVE_M, WAVE_N,
                       MatrixUse::Accumulator, MatrixScope::Wave>;
using Accum16 = Matrix<MatrixComponentType::F16, WAVE_M, WAVE_N,
                       MatrixUse::Accumulator, MatrixScope::Wave>;

static const uint HalfBytes = 2;

// Copy a BLOCK_M x TILE_K slice of A, starting at (firstRow, firstCol) of a
// row-major matrix with rows of `rowLength` halves, into TileA.  The threads
// of the group split the work; each copies one 32-bit word (two halves) at a
// time because ByteAddressBuffer loads are word-sized.
void CopyTileA(uint firstRow, uint firstCol, uint rowLength, uint threadIndex)
{
    const uint pairsPerRow = TILE_K / 2;
    for (uint pair = threadIndex; pair < BLOCK_M * pairsPerRow; pair += GROUP_THREADS)
    {
        uint r = pair / pairsPerRow;
        uint c = (pair % pairsPerRow) * 2;
        uint byteOffset = ((firstRow + r) * rowLength + firstCol + c) * HalfBytes;
        uint packed = MatA.Load(byteOffset);
        TileA[r * TILE_K + c] = (half)f16tof32(packed & 0xFFFFu);
        TileA[r * TILE_K + c + 1] = (half)f16tof32(packed >> 16);
    }
}

// The same for a TILE_K x BLOCK_N slice of B into TileB.
void CopyTileB(uint firstRow, uint firstCol, uint rowLength, uint threadIndex)
{
    const uint pairsPerRow = BLOCK_N / 2;
    for (uint pair = threadIndex; pair < TILE_K * pairsPerRow; pair += GROUP_THREADS)
    {
        uint r = pair / pairsPerRow;
        uint c = (pair % pairsPerRow) * 2;
        uint byteOffset = ((firstRow + r) * rowLength + firstCol + c) * HalfBytes;
        uint packed = MatB.Load(byteOffset);
        TileB[r * BLOCK_N + c] = (half)f16tof32(packed & 0xFFFFu);
        TileB[r * BLOCK_N + c + 1] = (half)f16tof32(packed >> 16);
    }
}

[numthreads(GROUP_THREADS, 1, 1)]
[wavesize(LANES)]
void main(uint3 dispatchId : SV_DispatchThreadID,
            uint3 groupId : SV_GroupID,
            uint groupIndex : SV_GroupIndex)
{
    const uint3 dims = Params.Load3(0);
    const uint cols = dims.y;
    const uint depth = dims.z;
    const float alpha = asfloat(Params.Load(12));

    // Which quarter of the block this thread's wave computes.  The value is
    // the same on every lane of a wave, so matrix operations stay uniform.
    const uint wave = groupIndex / LANES;
    const uint waveRow = wave / WAVES_X;
    const uint waveCol = wave % WAVES_X;

    const uint blockRow = groupId.y * BLOCK_M;
    const uint blockCol = groupId.x * BLOCK_N;

    Accum32 acc = Accum32::Splat(0.0f);

    for (uint k = 0; k < depth; k += TILE_K)
    {
        CopyTileA(blockRow, k, depth, groupIndex);
        CopyTileB(k, blockCol, cols, groupIndex);
        GroupMemoryBarrierWithGroupSync();

        // Offsets and strides of groupshared loads count elements, not bytes.
        OperandA a = OperandA::Load(TileA, waveRow * WAVE_M * TILE_K, TILE_K,
                                    MatrixLayout::RowMajor);
        OperandB b = OperandB::Load(TileB, waveCol * WAVE_N, BLOCK_N,
                                    MatrixLayout::RowMajor);
        acc.MultiplyAccumulate(a, b);

        // The next iteration overwrites the tiles.
        GroupMemoryBarrierWithGroupSync();
    }

    acc *= alpha;
    acc = acc.ApplyUnaryOperation<UnaryOperation::Abs>();

    // Narrow to fp16 only at the end, so the sum over K keeps fp32 precision.
    Accum16 result = acc.cast<MatrixComponentType::F16>();

    const uint outRow = blockRow + waveRow * WAVE_M;
    const uint outCol = blockCol + waveCol * WAVE_N;
    result.Store(MatC, (outRow * cols + outCol) * HalfBytes, cols * HalfBytes,
                 MatrixLayout::RowMajor);
}
