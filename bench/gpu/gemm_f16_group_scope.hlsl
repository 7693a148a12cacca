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
// M, N and K must be multiples of BLOCK_M, BLOCK_N and BLOCK_K.

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

ByteAddressBuffer Shape : register(t0);    // M, N, K
ByteAddressBuffer A : register(t1);
ByteAddressBuffer B : register(t2);
[[vk::binding(3)]] RWByteAddressBuffer C : register(u0);   // binding 0 is Shape on Vulkan

using OpA = Matrix<MatrixComponentType::F16, BLOCK_M, BLOCK_K, MatrixUse::A, MatrixScope::ThreadGroup>;
using OpB = Matrix<MatrixComponentType::F16, BLOCK_K, BLOCK_N, MatrixUse::B, MatrixScope::ThreadGroup>;
using Acc = Matrix<MatrixComponentType::F32, BLOCK_M, BLOCK_N, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

[numthreads(THREADS, 1, 1)]
void main(uint3 group : SV_GroupID)
{
    const uint3 shape = Shape.Load3(0);
    const uint n = shape.y;
    const uint k = shape.z;
    const uint row = group.y * BLOCK_M;
    const uint col = group.x * BLOCK_N;

    Acc c = Acc::Splat(0.0f);
    for (uint d = 0; d < k; d += BLOCK_K)
    {
        OpA a = OpA::Load(A, (row * k + d) * 2, k * 2, MatrixLayout::RowMajor);
        OpB b = OpB::Load(B, (d * n + col) * 2, n * 2, MatrixLayout::RowMajor);
        c.MultiplyAccumulate(a, b);
    }
    c.Store(C, (row * n + col) * 4, n * 4, MatrixLayout::RowMajor);
}
