// gemm_f16_wave.hlsl -- C = A x B with dx::linalg Wave-scope matrices, for
// the GPU benchmark (bench/run_gpu_gemm.py): A (M x K) and B (K x N) are
// row-major fp16, C (M x N) row-major fp32, accumulated in fp32.
//
// One 32-lane wave per group computes a 64 x 64 block of C as a 4 x 4 grid
// of 16 x 16 accumulators; every 16-deep step loads four 16 x 16 tiles of A
// and four of B straight from the buffers and does the 16 multiply-adds.
// M, N and K must be multiples of 64, 64 and 16.

#include <dx/linalg.h>

using namespace dx::linalg;

ByteAddressBuffer Shape : register(t0);    // M, N, K
ByteAddressBuffer A : register(t1);
ByteAddressBuffer B : register(t2);
[[vk::binding(3)]] RWByteAddressBuffer C : register(u0);   // binding 0 is Shape on Vulkan

using TileA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using TileB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using Acc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

#define ZERO(i, j) Acc c##i##j = Acc::Splat(0.0f);
#define ROW_OF(M) M(0, 0) M(0, 1) M(0, 2) M(0, 3) M(1, 0) M(1, 1) M(1, 2) M(1, 3) \
                  M(2, 0) M(2, 1) M(2, 2) M(2, 3) M(3, 0) M(3, 1) M(3, 2) M(3, 3)
#define MAC(i, j) c##i##j.MultiplyAccumulate(a##i, b##j);
#define STORE(i, j) c##i##j.Store(C, ((row + 16 * i) * n + col + 16 * j) * 4, n * 4, MatrixLayout::RowMajor);

[numthreads(32, 1, 1)]
[wavesize(32)]
void main(uint3 group : SV_GroupID)
{
    const uint3 shape = Shape.Load3(0);
    const uint n = shape.y;
    const uint k = shape.z;
    const uint row = group.y * 64;
    const uint col = group.x * 64;

    ROW_OF(ZERO)

    for (uint d = 0; d < k; d += 16)
    {
        TileA a0 = TileA::Load(A, ((row + 0) * k + d) * 2, k * 2, MatrixLayout::RowMajor);
        TileA a1 = TileA::Load(A, ((row + 16) * k + d) * 2, k * 2, MatrixLayout::RowMajor);
        TileA a2 = TileA::Load(A, ((row + 32) * k + d) * 2, k * 2, MatrixLayout::RowMajor);
        TileA a3 = TileA::Load(A, ((row + 48) * k + d) * 2, k * 2, MatrixLayout::RowMajor);
        TileB b0 = TileB::Load(B, (d * n + col + 0) * 2, n * 2, MatrixLayout::RowMajor);
        TileB b1 = TileB::Load(B, (d * n + col + 16) * 2, n * 2, MatrixLayout::RowMajor);
        TileB b2 = TileB::Load(B, (d * n + col + 32) * 2, n * 2, MatrixLayout::RowMajor);
        TileB b3 = TileB::Load(B, (d * n + col + 48) * 2, n * 2, MatrixLayout::RowMajor);
        ROW_OF(MAC)
    }

    ROW_OF(STORE)
}
