// RUN: %hlslc -T cs_6_8 -enable-16bit-types -E CSMain -fsyntax-only %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types -E CSMain -o %t %s && FileCheck %s --input-file=%t --check-prefix=IR
// IR: define void @"CSMain"()
// IR: call void @"dx.op.waveMatrix_Multiply"(i32 234,
// The "Wave Matrix Groupshared Example" of the SM 6.8 Wave Matrix spec, made
// compilable.  The example sits between the two markers with three fixes:
//   - its shared arrays are declared `groupshared` (the spec omits it, which
//     would make them read-only shader constants);
//   - GetWaveMatrixDepth(matA), which does not exist, is matA.MatrixDepth();
//   - nothing else: the `uint3 threadId = { ... };` brace list stays.
// Around it are the definitions it uses but never gives (WAVE_SIZE,
// startRowIndex, startColIndex, K, ResourceA, ResourceB, the stride helpers,
// GlobalToSharedLoad, WriteOutResults).  See spec-errata.md.

// ---- Supplied definitions, part 1 ----

#define WAVE_SIZE 32

// Problem shape: C[M x N] = A[M x K] * B[K x N], fp16 inputs, fp32 output.
static const uint K = 256;
static const uint N = 256;
static const uint startRowIndex = 0;
static const uint startColIndex = 0;
static const uint outputRowStride = N * 4;       // bytes per fp32 row of C

ByteAddressBuffer ResourceA : register(t0);       // row-major M x K, fp16
ByteAddressBuffer ResourceB : register(t1);       // B transposed: N rows of K, fp16
RWByteAddressBuffer output : register(u0);        // row-major M x N, fp32

// Elements between rows of A and between (contiguous) columns of B.
uint CalculateRowStrideMatrixA() { return K; }
uint CalculateColStrideMatrixB() { return K; }

// HLSL passes arrays by value, so a function cannot fill the caller's
// groupshared array through a parameter.  These two macros keep the
// example's call syntax and route each call to a helper that names the
// array directly; they also pass along the entry point's `groupIndex` and
// `groupId`, which the helpers need to split the work between threads.
#define GlobalToSharedLoad(resource, startElement, sharedArray)                 \
    CopyToShared_##sharedArray(resource, startElement, groupIndex)
#define WriteOutResults(sharedArray) WriteOut_##sharedArray(groupId, groupIndex)

void CopyToShared_groupMatA(ByteAddressBuffer resource, uint startElement,
                            uint threadIndex);
void CopyToShared_groupMatB(ByteAddressBuffer resource, uint startElement,
                            uint threadIndex);
void WriteOut_groupMatC(uint3 groupId, uint threadIndex);

// ---- The spec's example (groupshared added, MatrixDepth fixed) ----

// Matrix Multiply Of AxB [M,K]x[K,N] using Group Shared Loading and Storing
// Requirements:
// TILESIZE_Z is evenly divisible by Matrix K

#define WAVE_MATRIX_DIM 16

#define TILESIZE_X 32
#define TILESIZE_Y 32
#define TILESIZE_Z 32
#define NUM_THREADS_X WAVE_SIZE // Use runtime caps to choose from specialized shaders
#define NUM_THREADS_Y 2 // Y and Z threads would be mappings to accumulators matC
#define NUM_THREADS_Z 2

// Shared Memory
groupshared float16_t groupMatA[TILESIZE_Y * TILESIZE_Z];
groupshared float16_t groupMatB[TILESIZE_X * TILESIZE_Z];
groupshared float     groupMatC[TILESIZE_X * TILESIZE_Y];

// Use 1D numthreads and manually decompose the row-major threadId,
// otherwise there's no guarantee for the scheduled layout of threadId values.
[wavesize(WAVE_SIZE)]
[numthreads(NUM_THREADS_X * NUM_THREADS_Y * NUM_THREADS_Z, 1, 1)]
void CSMain(
    uint3 globalThreadId : SV_DispatchThreadId,
    uint3 groupId : SV_GroupID,
    uint groupIndex : SV_GroupIndex
    )
{
    // Construct row-major threadId from flattened groupIndex:
    uint3 threadId = {  groupIndex % NUM_THREADS_X,
                        (groupIndex / NUM_THREADS_X) % NUM_THREADS_Y,
                        groupIndex / (NUM_THREADS_X * NUM_THREADS_Y)  };

    // Define the Wave Wide Matrices
    WaveMatrixLeft <float16_t, 16, 16> matA;
    WaveMatrixRight <float16_t, 16, 16> matB;
    WaveMatrixAccumulator <float32_t, 16, 16> matC;

    uint matrixDepth = matA.MatrixDepth(); // Returns K must be a multiple of 16

    const uint row = groupId.y * TILESIZE_Y + startRowIndex;
    const uint col = groupId.x * TILESIZE_X + startColIndex;

    const uint rowStrideA = CalculateRowStrideMatrixA();
    const uint colStrideB = CalculateColStrideMatrixB();

    matC.Fill(0);

    // K must be an even multiple of matrixDepth use cap bits to make sure that this is true or account
    // for miss match in shared memory load.
    for (uint step = 0; step < K; step += matrixDepth)
    {
        // Calculate the sub matrix start location as the combination of group's row and the current step 
        uint subMatrixAStart = row * rowStrideA + step;
        uint subMatrixBStart = col * colStrideB + step;

        // Load A into Shared Memory omitted for brevity
        GlobalToSharedLoad(ResourceA, subMatrixAStart, groupMatA);
        GlobalToSharedLoad(ResourceB, subMatrixBStart, groupMatB); // Does not transpose during read

        // Sync to make sure data is fully loaded into groupshared
        GroupMemoryBarrierWithGroupSync();

        // TILESIZE_Z is 32 and matrixDepth is a multiple of 16 so this should be unrolled in the 
        // driver.
        for (uint fragK = 0; fragK < TILESIZE_Z; fragK += matrixDepth)
        {
            // Use waves in a thread group to map to each output region. 2x2
            // regions because tile size is 32x32 and output blocks are 16x16.
            // This could be looped over if less threads are desired or a larger 
            // tile size in required.
            uint fragA = threadId.y * WAVE_MATRIX_DIM;
            uint fragB = threadId.z * WAVE_MATRIX_DIM;

            // Load A: WaveMatrixLeft is logically: M=16 rows by K columns
            // Reads M=16 memory-layout rows of K elements from row-major storage layout for left matrix.
            matA.Load(groupMatA, fragA * TILESIZE_Z + fragK * TILESIZE_Y, TILESIZE_Z, /*bColMajor*/false);

            // Load B: WaveMatrixRight is logically: K rows by N=16 columns
            // Reads N=16 memory-layout rows of K elements from column-major storage layout for right matrix.
            // The memory layout is transposed from the logical layout of the right matrix,
            // because input is pre-transposed in NHWC layout.
            matB.Load(groupMatB, fragB * TILESIZE_Z + fragK * TILESIZE_X, TILESIZE_Z, /*bColMajor*/true);

            matC.MultiplyAccumulate(matA, matB);
        }
        
        // Sync to before evicting group shared memory
        GroupMemoryBarrierWithGroupSync();
    }

    uint fragA = threadId.y * WAVE_MATRIX_DIM;
    uint fragB = threadId.z * WAVE_MATRIX_DIM;
    // Store result matrix out to shared memory for optional additional processing.
    matC.Store(groupMatC, fragA + fragB * TILESIZE_X, TILESIZE_X, false);
    
    // Write results from shared to global memory
    WriteOutResults(groupMatC);
}

// ---- Supplied definitions, part 2 (they need the example's macros and arrays) ----

static const uint GroupThreads = NUM_THREADS_X * NUM_THREADS_Y * NUM_THREADS_Z;

// One fp16 element of a buffer; ByteAddressBuffer reads whole 32-bit words.
float16_t LoadHalf(ByteAddressBuffer resource, uint element)
{
    uint word = resource.Load((element * 2) & ~3u);
    uint bits = (element & 1) != 0 ? word >> 16 : word & 0xFFFF;
    return (float16_t)f16tof32(bits);
}

// Copies a tile of `rows` x TILESIZE_Z halves starting at `startElement`,
// rows K elements apart, into a groupshared tile with rows TILESIZE_Z apart.
void CopyToShared_groupMatA(ByteAddressBuffer resource, uint startElement,
                            uint threadIndex)
{
    for (uint i = threadIndex; i < TILESIZE_Y * TILESIZE_Z; i += GroupThreads)
    {
        uint r = i / TILESIZE_Z;
        uint c = i % TILESIZE_Z;
        groupMatA[i] = LoadHalf(resource, startElement + r * K + c);
    }
}

void CopyToShared_groupMatB(ByteAddressBuffer resource, uint startElement,
                            uint threadIndex)
{
    for (uint i = threadIndex; i < TILESIZE_X * TILESIZE_Z; i += GroupThreads)
    {
        uint r = i / TILESIZE_Z;
        uint c = i % TILESIZE_Z;
        groupMatB[i] = LoadHalf(resource, startElement + r * K + c);
    }
}

// Writes the group's TILESIZE_Y x TILESIZE_X block of C from groupMatC.
void WriteOut_groupMatC(uint3 groupId, uint threadIndex)
{
    // Every wave's Store into groupMatC must be visible first.
    GroupMemoryBarrierWithGroupSync();
    const uint row = groupId.y * TILESIZE_Y + startRowIndex;
    const uint col = groupId.x * TILESIZE_X + startColIndex;
    for (uint i = threadIndex; i < TILESIZE_X * TILESIZE_Y; i += GroupThreads)
    {
        uint r = i / TILESIZE_X;
        uint c = i % TILESIZE_X;
        output.Store((row + r) * outputRowStride + (col + c) * 4,
                     asuint(groupMatC[i]));
    }
}
