// slices.hlsli -- copying a BLOCK_K-deep slice of A and B through
// registers into groupshared tiles, 16 bytes a piece, for the GEMM kernels
// (gemm_f16_group.hlsl, gemm_f16_group_scope.hlsl -D STAGED).
// Piece p of A is row p / (BLOCK_K / 8), halves (p % (BLOCK_K / 8)) * 8 on;
// of B row p / (BLOCK_N / 8).  The kernel defines THREADS, BLOCK_K,
// BLOCK_N, STRIDE_A, STRIDE_B, PIECES_A, PIECES_B, PutA and PutB, and has
// `index` (the thread in the group), `row`, `col` (the group's block of C),
// `k`, `n` and the buffers A and B in scope where it uses these.
//
// FETCH(NA, NB, D): the slice at depth D into the uint4 arrays NA and NB.
// STAGE_TO(NA, NB, BA, BB): those pieces into TileA from element BA and
// TileB from element BB.
#define FETCH(NA, NB, D) \
    [unroll] for (uint p = 0; p < PIECES_A; ++p) { \
        uint piece = index + p * THREADS; \
        NA[p] = A.Load4(((row + piece / (BLOCK_K / 8)) * k + (D) + (piece % (BLOCK_K / 8)) * 8) * 2); } \
    [unroll] for (uint q = 0; q < PIECES_B; ++q) { \
        uint piece = index + q * THREADS; \
        NB[q] = B.Load4((((D) + piece / (BLOCK_N / 8)) * n + col + (piece % (BLOCK_N / 8)) * 8) * 2); }
#define STAGE_TO(NA, NB, BA, BB) \
    [unroll] for (uint p = 0; p < PIECES_A; ++p) { \
        uint piece = index + p * THREADS; \
        PutA((BA) + (piece / (BLOCK_K / 8)) * STRIDE_A + (piece % (BLOCK_K / 8)) * 8, NA[p]); } \
    [unroll] for (uint q = 0; q < PIECES_B; ++q) { \
        uint piece = index + q * THREADS; \
        PutB((BB) + (piece / (BLOCK_N / 8)) * STRIDE_B + (piece % (BLOCK_N / 8)) * 8, NB[q]); }
