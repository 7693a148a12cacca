// gemm_f16_group.hlsl -- C = A x B with dx::linalg Wave-scope matrices and
// groupshared tiles, for the GPU benchmark (bench/run_gpu_gemm.py): A (M x K)
// and B (K x N) are row-major fp16, C (M x N) row-major fp32, accumulated in
// fp32.  Compile with -enable-16bit-types (the tiles hold real halves).
//
// A group of WAVES_M x WAVES_N waves computes a BLOCK_M x BLOCK_N block of
// C; each wave a TILES_M x 4 grid of 16 x 16 accumulators (TILES_M 4 or 2;
// named, not an array: the macros below write the matrices out).  For every
// BLOCK_K-deep slice of K the group copies the slice of A and of B into
// groupshared tiles (16 bytes per load and per store: hlslc's SPIR-V
// backend packs the eight half stores of a piece into one), and every wave
// multiplies from them.  STAGES slices (1 or 2) are read from memory into
// registers ahead of the one multiplied.  The tiles' rows are padded by 8
// halves so that consecutive rows start in different banks.
// Variants: -D WHOLE (each wave's block one matrix, flexible dimensions on
// Vulkan), -D DOUBLE (two pairs of tiles, one barrier a slice; STAGES 1).
// Probes (-D, each makes the result wrong): PROBE_NO_STAGE leaves out the
// copies into groupshared, PROBE_NO_MMA the multiplies, PROBE_NO_FETCH the
// reads of A and B from memory inside the loop, PROBE_MMA_ONLY all but the
// multiplies.
// -D MLP: the MLP layer Y = relu(A x B + bias) instead (bench/run_gpu_gemm.py
// --mlp): Y (binding 3) fp16, bias (binding 4) fp32; each wave stores each
// accumulator into its own groupshared scratch, and each lane adds the bias
// to 8 elements of it, applies ReLU, converts them to half and stores them
// as one 16-byte piece.
// M and N must be multiples of BLOCK_M and BLOCK_N, K of STAGES * BLOCK_K.

#include <dx/linalg.h>

using namespace dx::linalg;

#ifndef WAVES_M
#define WAVES_M 2
#endif
#ifndef WAVES_N
#define WAVES_N 2
#endif
#ifndef TILES_M
#define TILES_M 4      // 4 or 2 accumulator rows per wave
#endif
#define TILES_N 4
#ifndef BLOCK_K
#define BLOCK_K 32
#endif
#ifndef STAGES
#define STAGES 2       // slices read ahead (1 or 2; 2 needs K a multiple of 2 * BLOCK_K)
#endif
#define LANES 32
#define THREADS (LANES * WAVES_M * WAVES_N)
#define BLOCK_M (16 * TILES_M * WAVES_M)
#define BLOCK_N (16 * TILES_N * WAVES_N)
#define PAD 8
#define STRIDE_A (BLOCK_K + PAD)
#define STRIDE_B (BLOCK_N + PAD)
// 16-byte pieces of a slice each thread copies.
#define PIECES_A (BLOCK_M * BLOCK_K / 8 / THREADS)
#define PIECES_B (BLOCK_K * BLOCK_N / 8 / THREADS)

ByteAddressBuffer Shape : register(t0);    // M, N, K
ByteAddressBuffer A : register(t1);
ByteAddressBuffer B : register(t2);
[[vk::binding(3)]] RWByteAddressBuffer C : register(u0);   // binding 0 is Shape on Vulkan
#ifdef MLP
[[vk::binding(4)]] ByteAddressBuffer Bias : register(t3);  // fp32, N of them
// One 16 x 16 fp32 accumulator per wave, on its way out.
groupshared float Scratch[WAVES_M * WAVES_N * 256];

// Lane `lane` of a wave: row lane / 2 and 8 columns from (lane % 2) * 8 of
// the 16 x 16 block whose corner is (r, c) in Y, from the wave's scratch.
void BiasReluStore(uint r, uint c, uint n, uint scratch, uint lane)
{
    const uint y = r + lane / 2;
    const uint x = c + (lane % 2) * 8;
    const uint at = scratch + (lane / 2) * 16 + (lane % 2) * 8;
    const float4 b0 = asfloat(Bias.Load4(x * 4));
    const float4 b1 = asfloat(Bias.Load4(x * 4 + 16));
    const float4 v0 = max(float4(Scratch[at + 0], Scratch[at + 1], Scratch[at + 2], Scratch[at + 3]) + b0, 0.0f);
    const float4 v1 = max(float4(Scratch[at + 4], Scratch[at + 5], Scratch[at + 6], Scratch[at + 7]) + b1, 0.0f);
    const uint4 h0 = f32tof16(v0);
    const uint4 h1 = f32tof16(v1);
    C.Store4((y * n + x) * 2, uint4(h0.x | (h0.y << 16), h0.z | (h0.w << 16), h1.x | (h1.y << 16), h1.z | (h1.w << 16)));
}
#endif

#define SIZE_A (BLOCK_M * STRIDE_A)
#define SIZE_B (BLOCK_K * STRIDE_B)
#ifdef DOUBLE
// -D DOUBLE: two tiles of each, so that one slice is stored while the
// other is multiplied (one barrier a slice; STAGES must be 1).
groupshared half TileA[2 * SIZE_A];
groupshared half TileB[2 * SIZE_B];
#else
groupshared half TileA[SIZE_A];
groupshared half TileB[SIZE_B];
#endif

using OpA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using OpB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using Acc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

#ifdef WHOLE
// -D WHOLE: each wave's 16*TILES_M x 64 block of C as one matrix, and its
// operands for a whole slice as one A and one B matrix (flexible
// dimensions on Vulkan: the driver tiles them).
using WA = Matrix<MatrixComponentType::F16, 16 * TILES_M, BLOCK_K, MatrixUse::A, MatrixScope::Wave>;
using WB = Matrix<MatrixComponentType::F16, BLOCK_K, 16 * TILES_N, MatrixUse::B, MatrixScope::Wave>;
using WC = Matrix<MatrixComponentType::F32, 16 * TILES_M, 16 * TILES_N, MatrixUse::Accumulator, MatrixScope::Wave>;
#endif

#if TILES_M == 4
#define GRID(M) M(0, 0) M(0, 1) M(0, 2) M(0, 3) M(1, 0) M(1, 1) M(1, 2) M(1, 3) \
                M(2, 0) M(2, 1) M(2, 2) M(2, 3) M(3, 0) M(3, 1) M(3, 2) M(3, 3)
#define LOAD_AS LOAD_A(0) LOAD_A(1) LOAD_A(2) LOAD_A(3)
#else
#define GRID(M) M(0, 0) M(0, 1) M(0, 2) M(0, 3) M(1, 0) M(1, 1) M(1, 2) M(1, 3)
#define LOAD_AS LOAD_A(0) LOAD_A(1)
#endif
#define ZERO(i, j) Acc c##i##j = Acc::Splat(0.0f);
#ifdef PROBE_NO_MMA
#define MAC(i, j)
#else
#define MAC(i, j) c##i##j.MultiplyAccumulate(a##i, b##j);
#endif
#ifdef MLP
#define STORE(i, j) c##i##j.Store(Scratch, wave * 256, 16, MatrixLayout::RowMajor); GroupMemoryBarrierWithGroupSync(); \
                    BiasReluStore(row + waveRow + 16 * i, col + waveCol + 16 * j, n, wave * 256, index % LANES); \
                    GroupMemoryBarrierWithGroupSync();
#else
#define STORE(i, j) c##i##j.Store(C, ((row + waveRow + 16 * i) * n + col + waveCol + 16 * j) * 4, n * 4, \
                                  MatrixLayout::RowMajor);
#endif
#define LOAD_A(i) OpA a##i = OpA::Load(TileA, abase + (waveRow + 16 * i) * STRIDE_A + s, STRIDE_A, MatrixLayout::RowMajor);
#define LOAD_B(j) OpB b##j = OpB::Load(TileB, bbase + s * STRIDE_B + waveCol + 16 * j, STRIDE_B, MatrixLayout::RowMajor);
// One 16-deep step from the tiles: four A and four B operands, 16 products.
#define STEP(S) { const uint s = S; LOAD_AS \
                  LOAD_B(0) LOAD_B(1) LOAD_B(2) LOAD_B(3) GRID(MAC) }

// Eight halves of a 16-byte piece into a tile (put_halves.hlsli).
#ifdef PROBE_NO_STAGE
#define PUT(Tile, at, v) if (at == 0xFFFFFFFF) { Tile[0] = asfloat16((uint16_t)(v.x ^ v.y ^ v.z ^ v.w)); }
#else
#include "put_halves.hlsli"
#endif

void PutA(uint at, uint4 v) { PUT(TileA, at, v) }
void PutB(uint at, uint4 v) { PUT(TileB, at, v) }
#include "slices.hlsli"     // FETCH and STAGE_TO

[numthreads(THREADS, 1, 1)]
[wavesize(LANES)]
void main(uint3 group : SV_GroupID, uint index : SV_GroupIndex)
{
    const uint3 shape = Shape.Load3(0);
    // N and K are multiples of 8 (of the block): saying so lets the compiler
    // prove every 16-byte piece's address a multiple of 16 (one load each).
    const uint n = shape.y & ~7u;
    const uint k = shape.z & ~7u;
    const uint row = group.y * BLOCK_M;
    const uint col = group.x * BLOCK_N;
    const uint wave = index / LANES;
    const uint waveRow = (wave / WAVES_N) * 16 * TILES_M;
    const uint waveCol = (wave % WAVES_N) * 16 * TILES_N;

#ifdef WHOLE
    WC whole = WC::Splat(0.0f);
#else
    GRID(ZERO)
#endif

    // This thread's pieces (slices.hlsli): STAGES slices are read ahead
    // into registers; the slice multiplied now was read STAGES slices ago.
#ifdef PROBE_NO_FETCH
#define FETCH_IF(cond) if ((cond) && nextA0[0].x == 0x7FFF1234)
#else
#define FETCH_IF(cond) if (cond)
#endif
#define STAGE(NA, NB) STAGE_TO(NA, NB, 0, 0) GroupMemoryBarrierWithGroupSync();
#ifdef WHOLE
#define MULTIPLY_ONLY { WA wa = WA::Load(TileA, abase + waveRow * STRIDE_A, STRIDE_A, MatrixLayout::RowMajor); \
                   WB wb = WB::Load(TileB, bbase + waveCol, STRIDE_B, MatrixLayout::RowMajor); \
                   whole.MultiplyAccumulate(wa, wb); }
#elif BLOCK_K > 32
#define MULTIPLY_ONLY STEP(0) STEP(16) STEP(32) STEP(48)
#elif BLOCK_K > 16
#define MULTIPLY_ONLY STEP(0) STEP(16)
#else
#define MULTIPLY_ONLY STEP(0)
#endif
#define MULTIPLY MULTIPLY_ONLY GroupMemoryBarrierWithGroupSync();
    uint abase = 0;      // the tiles multiplied now (DOUBLE: one of two)
    uint bbase = 0;
    uint4 nextA0[PIECES_A];
    uint4 nextB0[PIECES_B];
    FETCH(nextA0, nextB0, 0)
#if STAGES == 2
    uint4 nextA1[PIECES_A];
    uint4 nextB1[PIECES_B];
    FETCH(nextA1, nextB1, BLOCK_K)
#endif

#ifdef PROBE_MMA_ONLY
    // Probe (wrong result): the multiplies alone, operands read once.
    { const uint s = 0; LOAD_AS LOAD_B(0) LOAD_B(1) LOAD_B(2) LOAD_B(3)
      for (uint d = 0; d < k; d += 16) { GRID(MAC) } }
#elif defined(DOUBLE)
    // Slice d is multiplied from one pair of tiles while slice d + BLOCK_K,
    // read one slice earlier, is stored into the other.
    STAGE(nextA0, nextB0)
    FETCH_IF(BLOCK_K < k) { FETCH(nextA0, nextB0, BLOCK_K) }
    for (uint d = 0; d < k; d += BLOCK_K)
    {
        const uint cur = (d / BLOCK_K) & 1;
        if (d + BLOCK_K < k) { STAGE_TO(nextA0, nextB0, (cur ^ 1) * SIZE_A, (cur ^ 1) * SIZE_B) }
        FETCH_IF(d + 2 * BLOCK_K < k) { FETCH(nextA0, nextB0, d + 2 * BLOCK_K) }
        abase = cur * SIZE_A;
        bbase = cur * SIZE_B;
        MULTIPLY
    }
#elif STAGES == 2
    for (uint d = 0; d < k; d += 2 * BLOCK_K)
    {
        STAGE(nextA0, nextB0)
        FETCH_IF(d + 2 * BLOCK_K < k) { FETCH(nextA0, nextB0, d + 2 * BLOCK_K) }
        MULTIPLY
        STAGE(nextA1, nextB1)
        FETCH_IF(d + 3 * BLOCK_K < k) { FETCH(nextA1, nextB1, d + 3 * BLOCK_K) }
        MULTIPLY
    }
#else
    for (uint d = 0; d < k; d += BLOCK_K)
    {
        STAGE(nextA0, nextB0)
        FETCH_IF(d + BLOCK_K < k) { FETCH(nextA0, nextB0, d + BLOCK_K) }
        MULTIPLY
    }
#endif

#ifdef WHOLE
    whole.Store(C, ((row + waveRow) * n + col + waveCol) * 4, n * 4, MatrixLayout::RowMajor);
#else
    GRID(STORE)
#endif
}
