// RUN: not %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only %s
// RUN: not %hlslc -T cs_6_8 -enable-16bit-types -E CSMain -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=DIAG
// DIAG: wavematrix_typo_missing_semicolon.hlsl:[[@LINE+103]]:60: error: expected ';' after expression
// DIAG: 1 error generated.
// The ZeroPoint example of the SM 6.8 Wave Matrix spec with its missing ';'
// kept, after `matC.ScalarAdd(zeroPointScalarA * zeroPointScalarB * K)`: a
// syntax error, which must be reported (expected ';' after the call, pointing
// at the end of that line) rather than crash.  `ScalerMultiply` is fixed here.

// ---- Supplied definitions ----

#define WAVE_SIZE 32

// Problem shape: C[M x N] = A[M x K] * B[K x N], 8-bit inputs packed four to
// a 32-bit word, int32 output.
static const uint K = 256;
static const uint N = 256;
static const uint startRowIndex = 0;
static const uint startColIndex = 0;
static const uint outputRowStride = N * 4;       // bytes per int32 row of C

ByteAddressBuffer inputA : register(t0);          // row-major M x K, int8
ByteAddressBuffer inputB : register(t1);          // B transposed: N rows of K, uint8
RWByteAddressBuffer output : register(u0);        // row-major M x N, int32
ByteAddressBuffer quantization : register(t2);    // the two zero points

// Bytes between memory-layout rows: K one-byte elements for both operands.
uint CalculateRowStrideMatrixA() { return K; }
uint CalculateColStrideMatrixB() { return K; }

int GetZeroPointScalarA() { return (int)quantization.Load(0); }
int GetZeroPointScalarB() { return (int)quantization.Load(4); }

// ---- The spec's example (ScalerMultiply fixed, ';' still missing) ----

// Quantized Matrix Multiply Of AxB [M,K]x[K,N] using Resource Loading and Storing and Zero points
// Requirements:
// NWHC Layout and K is an even multiple of Matrix K

#define TILESIZE_X 16
#define TILESIZE_Y 16

[wavesize(WAVE_SIZE)]
[numthreads(WAVE_SIZE,1,1)]
void CSMain(
    uint3 globalThreadId : SV_DispatchThreadId,
    uint3 groupId : SV_GroupID,
    uint groupIndex : SV_GroupIndex
    )
{
    // Define the Wave Wide Matrices
    WaveMatrixLeft <int8_t4_packed, 16, 16> matA;
    WaveMatrixRight <uint8_t4_packed, 16, 16> matB;
    WaveMatrixLeftColAcc <int32_t, 16, 16> matAZeroPoint;
    WaveMatrixRightRowAcc <int32_t, 16, 16> matBZeroPoint;
    WaveMatrixAccumulator <int32_t, 16, 16> matC;

    uint matrixDepth = matA.MatrixDepth(); // Returns K must be a multiple of 16

    // Adding threadId logic (based on groupIndex) here would make multiple waves per thread group work.
    const uint row = groupId.y * TILESIZE_Y + startRowIndex; 
    const uint col = groupId.x * TILESIZE_X + startColIndex;

    const uint rowStrideA = CalculateRowStrideMatrixA();
    const uint colStrideB = CalculateColStrideMatrixB();

    matAZeroPoint.Fill(0);
    matBZeroPoint.Fill(0);
    matC.Fill(0);

    // K must be an even multiple of matrixDepth use cap bits to make sure that this is true
    for (uint step = 0; step < K; step += matrixDepth)
    {
        // Calculate the sub matrix start location as the combination of group's row and the current step 
        uint subMatrixAStart = row * rowStrideA + step;
        uint subMatrixBStart = col * colStrideB + step;

        // Load A: WaveMatrixLeft is logically: M=16 rows by K columns
        // Reads M=16 memory-layout rows of K elements from row-major storage layout for left matrix.
        matA.Load(inputA, subMatrixAStart, rowStrideA, /*bColMajor*/false);
        // Load B: WaveMatrixRight is logically: K rows by N=16 columns
        // Reads N=16 memory-layout rows of K elements from column-major storage layout for right matrix.
        // The memory layout is transposed from the logical layout of the right matrix,
        // because input is pre-transposed in NHWC layout.
        matB.Load(inputB, subMatrixBStart, colStrideB, /*bColMajor*/true);

        // SumAccumulate K elements into one row or col of 16 elements
        matAZeroPoint.SumAccumulate(matA);
        matBZeroPoint.SumAccumulate(matB);

        matC.MultiplyAccumulate(matA, matB);
    }

    int zeroPointScalarA = GetZeroPointScalarA();
    int zeroPointScalarB = GetZeroPointScalarB();

    // Scalar multiply to entire matrix
    matAZeroPoint.ScalarMultiply(-zeroPointScalarB);
    matBZeroPoint.ScalarMultiply(-zeroPointScalarA);

    // Broadcasting one row or column to entire accumulator matrix
    matC.Add(matAZeroPoint);
    matC.Add(matBZeroPoint);

    // Scalar addition to entire accumulator matrix
    matC.ScalarAdd(zeroPointScalarA * zeroPointScalarB * K)

    // Stores 16x16 output elements
    matC.Store(output, row * outputRowStride + col, outputRowStride, false);
}
