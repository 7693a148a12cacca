// gemm_f16_group_scope.hlsl -- C = A x B with dx::linalg ThreadGroup-scope
// matrices, for the GPU benchmark (bench/run_gpu_gemm.py): A (M x K) and
// B (K x N) row-major fp16, C (M x N) row-major fp32, accumulated in fp32.
//
// A group of THREADS threads owns one BLOCK_M x BLOCK_N block of C as one
// ThreadGroup-scope accumulator and, for every BLOCK_K-deep slice of K,
// loads one A and one B matrix straight from memory and multiplies them:
// the whole GEMM is three matrix operations.  On Vulkan these are
// Workgroup-scope cooperative matrices (SPV_NV_cooperative_matrix2), whose
// tiling, staging and scheduling are the driver's.
// M, N and K must be multiples of BLOCK_M, BLOCK_N and BLOCK_K (UNROLL * BLOCK_K).

#include <dx/linalg.h>

using namespace dx::linalg;

#ifndef THREADS
#define THREADS 128
#endif
#ifndef BLOCK_M
#define BLOCK_M 128
#endif
#ifndef BLOCK_N
#define BLOCK_N 128
#endif
#ifndef BLOCK_K
#define BLOCK_K 32
#endif
#ifndef UNROLL
#define UNROLL 1       // slices a trip of the loop straight from memory (K a multiple of UNROLL * BLOCK_K)
#endif

ByteAddressBuffer Shape : register(t0);    // M, N, K
ByteAddressBuffer A : register(t1);
ByteAddressBuffer B : register(t2);
[[vk::binding(3)]] RWByteAddressBuffer C : register(u0);   // binding 0 is Shape on Vulkan

#ifdef STAGED
// The slices of A and B go through groupshared tiles (copied 16 bytes per
// thread and load, read one slice ahead); the matrices are loaded from them.
#define PAD 8
#define STRIDE_A (BLOCK_K + PAD)
#define STRIDE_B (BLOCK_N + PAD)
#define PIECES_A (BLOCK_M * BLOCK_K / 8 / THREADS)
#define PIECES_B (BLOCK_K * BLOCK_N / 8 / THREADS)
groupshared half TileA[BLOCK_M * STRIDE_A];
groupshared half TileB[BLOCK_K * STRIDE_B];
#include "put_halves.hlsli"
void PutA(uint at, uint4 v) { PUT(TileA, at, v) }
void PutB(uint at, uint4 v) { PUT(TileB, at, v) }
#include "slices.hlsli"     // FETCH and STAGE_TO
#endif

using OpA = Matrix<MatrixComponentType::F16, BLOCK_M, BLOCK_K, MatrixUse::A, MatrixScope::ThreadGroup>;
using OpB = Matrix<MatrixComponentType::F16, BLOCK_K, BLOCK_N, MatrixUse::B, MatrixScope::ThreadGroup>;
using Acc = Matrix<MatrixComponentType::F32, BLOCK_M, BLOCK_N, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

[numthreads(THREADS, 1, 1)]
void main(uint3 group : SV_GroupID, uint index : SV_GroupIndex)
{
    const uint3 shape = Shape.Load3(0);
    // N and K are multiples of 8 (of the block): saying so lets the compiler
    // prove every 16-byte piece's address a multiple of 16 (one load each).
    const uint n = shape.y & ~7u;
    const uint k = shape.z & ~7u;
    const uint row = group.y * BLOCK_M;
    const uint col = group.x * BLOCK_N;

    Acc c = Acc::Splat(0.0f);
#ifdef PROBE_NO_FETCH
    // Probe (wrong result): the multiplies alone, operands read once.
    OpA a = OpA::Load(A, row * k * 2, k * 2, MatrixLayout::RowMajor);
    OpB b = OpB::Load(B, col * 2, n * 2, MatrixLayout::RowMajor);
    for (uint d = 0; d < k; d += BLOCK_K)
        c.MultiplyAccumulate(a, b);
#elif defined(STAGED)
    uint4 nextA[PIECES_A];
    uint4 nextB[PIECES_B];
    FETCH(nextA, nextB, 0)
    for (uint d = 0; d < k; d += BLOCK_K)
    {
        STAGE_TO(nextA, nextB, 0, 0)
        GroupMemoryBarrierWithGroupSync();
        if (d + BLOCK_K < k) { FETCH(nextA, nextB, d + BLOCK_K) }
        OpA a = OpA::Load(TileA, 0, STRIDE_A, MatrixLayout::RowMajor);
        OpB b = OpB::Load(TileB, 0, STRIDE_B, MatrixLayout::RowMajor);
        c.MultiplyAccumulate(a, b);
        GroupMemoryBarrierWithGroupSync();
    }
#else
    // UNROLL slices a trip, written as a loop of constant count that hlslc
    // marks Unroll: the driver unrolls that, but ignores [unroll(N)] on the
    // outer loop (SPIR-V's PartialCount).  Unrolled 4 times, as llama.cpp's
    // mul_mm_cm2.comp does, the 128x256 kernel went from 196 to ~260 TFLOP/s.
    for (uint d = 0; d < k; d += UNROLL * BLOCK_K)
    {
        [unroll] for (uint u = 0; u < UNROLL; ++u)
        {
            const uint at = d + u * BLOCK_K;
            OpA a = OpA::Load(A, (row * k + at) * 2, k * 2, MatrixLayout::RowMajor);
            OpB b = OpB::Load(B, (at * n + col) * 2, n * 2, MatrixLayout::RowMajor);
            c.MultiplyAccumulate(a, b);
        }
    }
#endif
    c.Store(C, (row * n + col) * 4, n * 4, MatrixLayout::RowMajor);
}
