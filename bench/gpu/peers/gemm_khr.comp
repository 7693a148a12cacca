#version 450
// gemm_khr.comp -- the GPU benchmark's GEMM (bench/run_gpu_gemm.py --peers)
// in GLSL with GL_KHR_cooperative_matrix, compiled by glslang: C = A x B,
// A (M x K) and B (K x N) row-major fp16, C (M x N) row-major fp32,
// accumulated in fp32.  The form of NVIDIA's vk_cooperative_matrix sample
// and of llama.cpp's coopmat1 path: a workgroup of WARPS_M x WARPS_N
// subgroups computes a BM x BN block of C, each subgroup a TM x TN grid of
// 16x16 accumulators; every BK-deep slice of A and B is copied 16 bytes at
// a time into shared tiles (rows padded by PAD halves) and multiplied from
// there, the next slice read into registers while this one is multiplied.
//
// -D MLP: the MLP layer instead, Y = relu(A x B + bias) with Y fp16
// (binding 3) and bias fp32 (binding 4): the accumulators start as the
// bias (a load with stride 0), ReLU is an element-wise loop, and each
// accumulator is converted to fp16 and stored.
//
// Bindings (set 0): 0 Shape (M, N, K), 1 A, 2 B, 3 C (or Y), 4 bias.
// Dispatch (N / BN, M / BM, 1); M, N, K multiples of the block.
#extension GL_KHR_memory_scope_semantics : enable
#extension GL_KHR_cooperative_matrix : enable
#extension GL_EXT_shader_explicit_arithmetic_types : enable
#extension GL_EXT_shader_16bit_storage : require
#extension GL_EXT_control_flow_attributes : enable

#ifndef WARPS_M
#define WARPS_M 2
#endif
#ifndef WARPS_N
#define WARPS_N 4
#endif
#ifndef TM
#define TM 4
#endif
#ifndef TN
#define TN 4
#endif
#ifndef BK
#define BK 32
#endif
#define PAD 8
#define THREADS (32 * WARPS_M * WARPS_N)
#define BM (16 * TM * WARPS_M)
#define BN (16 * TN * WARPS_N)
// Tile strides in halves and in 16-byte units.
#define SA (BK + PAD)
#define SB (BN + PAD)
#define SA8 (SA / 8)
#define SB8 (SB / 8)
// 16-byte pieces of a slice each thread copies.
#define PIECES_A (BM * BK / 8 / THREADS)
#define PIECES_B (BK * BN / 8 / THREADS)

layout(local_size_x = THREADS, local_size_y = 1, local_size_z = 1) in;

layout(set = 0, binding = 0) readonly buffer Shape { uint shape[]; };
layout(set = 0, binding = 1) readonly buffer BufA { uvec4 a[]; };
layout(set = 0, binding = 2) readonly buffer BufB { uvec4 b[]; };
#ifdef MLP
layout(set = 0, binding = 3) writeonly buffer BufY { float16_t y[]; };
layout(set = 0, binding = 4) readonly buffer Bias { float bias[]; };
#else
layout(set = 0, binding = 3) writeonly buffer BufC { float c[]; };
#endif

shared uvec4 tileA[BM * SA8];
shared uvec4 tileB[BK * SB8];

#define MatA coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA>
#define MatB coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB>
#define Acc coopmat<float, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>

void main()
{
    const uint n = shape[1] & ~7u;
    const uint k = shape[2] & ~7u;
    const uint tid = gl_LocalInvocationIndex;
    const uint row = gl_WorkGroupID.y * BM;
    const uint col = gl_WorkGroupID.x * BN;
    const uint warp = tid / 32;
    const uint warpRow = (warp / WARPS_N) * 16 * TM;
    const uint warpCol = (warp % WARPS_N) * 16 * TN;

    Acc acc[TM][TN];
    [[unroll]] for (uint i = 0; i < TM; ++i)
        [[unroll]] for (uint j = 0; j < TN; ++j) {
#ifdef MLP
            coopMatLoad(acc[i][j], bias, col + warpCol + 16 * j, 0, gl_CooperativeMatrixLayoutRowMajor);
#else
            acc[i][j] = Acc(0.0);
#endif
        }

    uvec4 ra[PIECES_A];
    uvec4 rb[PIECES_B];
    // Piece p of A's slice: row p / (BK / 8), halves (p % (BK / 8)) * 8 on; of B: row p / (BN / 8).
    [[unroll]] for (uint p = 0; p < PIECES_A; ++p) {
        uint piece = tid + p * THREADS;
        ra[p] = a[((row + piece / (BK / 8)) * k + (piece % (BK / 8)) * 8) / 8];
    }
    [[unroll]] for (uint q = 0; q < PIECES_B; ++q) {
        uint piece = tid + q * THREADS;
        rb[q] = b[((piece / (BN / 8)) * n + col + (piece % (BN / 8)) * 8) / 8];
    }

    for (uint d = 0; d < k; d += BK) {
        [[unroll]] for (uint p = 0; p < PIECES_A; ++p) {
            uint piece = tid + p * THREADS;
            tileA[(piece / (BK / 8)) * SA8 + piece % (BK / 8)] = ra[p];
        }
        [[unroll]] for (uint q = 0; q < PIECES_B; ++q) {
            uint piece = tid + q * THREADS;
            tileB[(piece / (BN / 8)) * SB8 + piece % (BN / 8)] = rb[q];
        }
        barrier();
        if (d + BK < k) {
            [[unroll]] for (uint p = 0; p < PIECES_A; ++p) {
                uint piece = tid + p * THREADS;
                ra[p] = a[((row + piece / (BK / 8)) * k + d + BK + (piece % (BK / 8)) * 8) / 8];
            }
            [[unroll]] for (uint q = 0; q < PIECES_B; ++q) {
                uint piece = tid + q * THREADS;
                rb[q] = b[((d + BK + piece / (BN / 8)) * n + col + (piece % (BN / 8)) * 8) / 8];
            }
        }
        [[unroll]] for (uint s = 0; s < BK; s += 16) {
            MatA ma[TM];
            MatB mb[TN];
            [[unroll]] for (uint i = 0; i < TM; ++i)
                coopMatLoad(ma[i], tileA, (warpRow + 16 * i) * SA8 + s / 8, SA8, gl_CooperativeMatrixLayoutRowMajor);
            [[unroll]] for (uint j = 0; j < TN; ++j)
                coopMatLoad(mb[j], tileB, s * SB8 + (warpCol + 16 * j) / 8, SB8, gl_CooperativeMatrixLayoutRowMajor);
            [[unroll]] for (uint i = 0; i < TM; ++i)
                [[unroll]] for (uint j = 0; j < TN; ++j)
                    acc[i][j] = coopMatMulAdd(ma[i], mb[j], acc[i][j]);
        }
        barrier();
    }

    [[unroll]] for (uint i = 0; i < TM; ++i)
        [[unroll]] for (uint j = 0; j < TN; ++j) {
            uint at = (row + warpRow + 16 * i) * n + col + warpCol + 16 * j;
#ifdef MLP
            [[unroll]] for (int e = 0; e < acc[i][j].length(); ++e)
                acc[i][j][e] = max(acc[i][j][e], 0.0);
            coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator> h =
                coopmat<float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator>(acc[i][j]);
            coopMatStore(h, y, at, n, gl_CooperativeMatrixLayoutRowMajor);
#else
            coopMatStore(acc[i][j], c, at, n, gl_CooperativeMatrixLayoutRowMajor);
#endif
        }
}
