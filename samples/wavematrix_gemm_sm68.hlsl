// wavematrix_gemm_sm68.hlsl -- GEMM with the SM 6.8 Wave Matrix API.
//
// Computes  C = alpha * A * B  where A (Rows x Depth) is row-major fp16, B
// (Depth x Cols) is fp16 stored column-major (each column contiguous, as a
// transposed weight matrix usually is), and C is row-major fp32.
//
// One 32-lane wave per thread group computes one 16 x 16 tile of C.  The
// depth of one multiply step, K, is the device's: MatrixDepth() returns it
// (a multiple of 16), and Depth must be a multiple of it.
//
// Compile:  hlslc -T cs_6_8 -enable-16bit-types samples/wavematrix_gemm_sm68.hlsl \
//               -o wavematrix_gemm_sm68.ll
// (float16_t needs 16-bit types, which SM 6.10 always has and SM 6.8 only
// with -enable-16bit-types.)

#define TILE 16
#define LANES 32

// Params: Rows, Cols, Depth (uint) then alpha (fp32 bits).
ByteAddressBuffer Params : register(t0);
ByteAddressBuffer InputA : register(t1);
ByteAddressBuffer InputB : register(t2);
RWByteAddressBuffer Output : register(u0);

struct GemmShape {
    uint rows;
    uint cols;
    uint depth;
    float alpha;
};

GemmShape ReadShape()
{
    GemmShape shape;
    uint4 raw = Params.Load4(0);
    shape.rows = raw.x;
    shape.cols = raw.y;
    shape.depth = raw.z;
    shape.alpha = asfloat(raw.w);
    return shape;
}

// Byte distance between consecutive memory-layout rows: a row of A holds
// `depth` halves, and so does a (contiguous) column of B.
uint OperandStrideBytes(GemmShape shape)
{
    return shape.depth * 2;
}

// Byte offset of element (row, col) in a row-major matrix of fp16 or fp32.
uint ElementOffset(uint row, uint col, uint rowLength, uint elementBytes)
{
    return (row * rowLength + col) * elementBytes;
}

[wavesize(LANES)]
[numthreads(LANES, 1, 1)]
void main(uint3 groupId : SV_GroupID)
{
    const GemmShape shape = ReadShape();

    WaveMatrixLeft<float16_t, TILE, TILE> matA;
    WaveMatrixRight<float16_t, TILE, TILE> matB;
    WaveMatrixAccumulator<float32_t, TILE, TILE> matC;

    const uint depthStep = matA.MatrixDepth();
    const uint tileRow = groupId.y * TILE;
    const uint tileCol = groupId.x * TILE;
    const uint stride = OperandStrideBytes(shape);

    matC.Fill(0.0f);

    for (uint k = 0; k < shape.depth; k += depthStep)
    {
        // A: TILE rows of depthStep halves, row-major.
        matA.Load(InputA, ElementOffset(tileRow, k, shape.depth, 2), stride,
                  /*bColMajor*/ false);
        // B: depthStep x TILE; in memory each of its TILE columns is a
        // contiguous run of halves, i.e. column-major.
        matB.Load(InputB, ElementOffset(tileCol, k, shape.depth, 2), stride,
                  /*bColMajor*/ true);
        matC.MultiplyAccumulate(matA, matB);
    }

    matC.ScalarMultiply(shape.alpha);

    matC.Store(Output, ElementOffset(tileRow, tileCol, shape.cols, 4),
               shape.cols * 4, /*bColMajor*/ false);
}
