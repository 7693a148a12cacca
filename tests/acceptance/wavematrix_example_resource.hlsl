// RUN: %hlslc -T cs_6_8 -enable-16bit-types -E CSMain -fsyntax-only %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -E CSMain -o %t %s && FileCheck %s --input-file=%t --check-prefix=IR
// IR: define void @"CSMain"()
// IR: call void @"dx.op.waveMatrix_Multiply"(i32 234,
// The "Wave Matrix Resource Example" of the SM 6.8 Wave Matrix spec, made
// compilable.  The example is unchanged below the marker; above it are the
// definitions it uses but never gives (WAVE_SIZE, startRowIndex,
// startColIndex, K, inputA, inputB, output, outputRowStride and the two
// stride helpers).  See spec-errata.md, "Wave Matrix (SM 6.8)".

// ---- Supplied definitions ----

#define WAVE_SIZE 32

// Problem shape: C[M x N] = A[M x K] * B[K x N], fp16 inputs, fp32 output.
static const uint K = 256;
static const uint N = 256;
static const uint startRowIndex = 0;
static const uint startColIndex = 0;
static const uint outputRowStride = N * 4;       // bytes per fp32 row of C

ByteAddressBuffer inputA : register(t0);          // row-major M x K, fp16
ByteAddressBuffer inputB : register(t1);          // B transposed: N rows of K, fp16
RWByteAddressBuffer output : register(u0);        // row-major M x N, fp32

// Bytes between memory-layout rows: K halves for both operands.
uint CalculateRowStrideMatrixA() { return K * 2; }
uint CalculateColStrideMatrixB() { return K * 2; }

// ---- The spec's example ----

// Matrix Multiply Of AxB [M,K]x[K,N] using Resource Loading and Storing
// Requirements:
// NWHC Layout and K is an even multiple of Matrix K

#define TILESIZE_X 16
#define TILESIZE_Y 16

// Use runtime caps to choose from specialized shaders compiled with matching WAVE_SIZE.
[wavesize(WAVE_SIZE)]
[numthreads(WAVE_SIZE,1,1)]
void CSMain(
    uint3 globalThreadId : SV_DispatchThreadId,
    uint3 groupId : SV_GroupID,
    uint groupIndex : SV_GroupIndex
    )
{
    // Define the Wave Wide Matrices
    WaveMatrixLeft <float16_t, 16, 16> matA;
    WaveMatrixRight <float16_t, 16, 16> matB;
    WaveMatrixAccumulator <float32_t, 16, 16> matC;

    uint matrixDepth = matA.MatrixDepth(); // Returns K must be a multiple of 16

    // Adding threadId logic (based on groupIndex) here would make multiple waves per thread group work.
    const uint row = groupId.y * TILESIZE_Y + startRowIndex; 
    const uint col = groupId.x * TILESIZE_X + startColIndex;

    const uint rowStrideA = CalculateRowStrideMatrixA();
    const uint colStrideB = CalculateColStrideMatrixB();

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

        matC.MultiplyAccumulate(matA, matB);
    }

    // Stores 16x16 output elements
    matC.Store(output, row * outputRowStride + col, outputRowStride, false);
}
