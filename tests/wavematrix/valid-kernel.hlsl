// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// RUN: %hlslc -T lib_6_8 -enable-16bit-types -fsyntax-only -verify %s
// expected-no-diagnostics
// A complete quantized tiled multiply that passes every Wave Matrix rule and
// uses every method: each one's DXIL operation appears once the kernel is
// compiled (the per-method forms are in tests/codegen/wavematrix-*.hlsl).

#define WAVE_SIZE 32
#define TILE 16

ByteAddressBuffer InputA : register(t0);
ByteAddressBuffer InputB : register(t1);
RWByteAddressBuffer Output : register(u0);
groupshared uint SharedA[TILE * 64];
groupshared float SharedC[TILE * TILE];

static const uint K = 256;
static const uint RowStrideA = K;          // bytes: K int8 values per row
static const uint ColStrideB = K;
static const uint OutputRowStride = 1024 * 4;

void ApplyZeroPoints(inout WaveMatrixAccumulator<int, 16, 16> c, WaveMatrixLeftColAcc<int, 16, 16> sumsA,
                     WaveMatrixRightRowAcc<int, 16, 16> sumsB, int zeroA, int zeroB)
{
    sumsA.ScalarMultiply(-zeroB);
    sumsB.ScalarMultiply(-zeroA);
    c.Add(sumsA);
    c.Add(sumsB);
    c.ScalarAdd(zeroA * zeroB * (int)K);
}

[shader("compute")]
[wavesize(WAVE_SIZE)]
[numthreads(WAVE_SIZE, 2, 1)]
void main(uint3 groupId : SV_GroupID)
{
    WaveMatrixLeft<int8_t4_packed, 16, 16> a;
    WaveMatrixRight<uint8_t4_packed, 16, 16> b;
    WaveMatrixLeftColAcc<int, 16, 16> sumsA;
    WaveMatrixRightRowAcc<int, 16, 16> sumsB;
    WaveMatrixAccumulator<int, 16, 16> c;
    WaveMatrixAccumulator<float, 16, 16> f;

    uint depth = a.MatrixDepth();
    uint row = groupId.y * TILE;
    uint col = groupId.x * TILE;
    sumsA.Fill(0);
    sumsB.Fill(0);
    c.Fill(0);
    for (uint step = 0; step < K; step += depth)
    {
        a.Load(InputA, row * RowStrideA + step, RowStrideA, false, 16);
        b.Load(InputB, col * ColStrideB + step, ColStrideB, true);
        sumsA.SumAccumulate(a);
        sumsB.SumAccumulate(b);
        c.MultiplyAccumulate(a, b);
    }
    a.Store(SharedA, 0, 16, false);
    a.Load(SharedA, 0, 16, false);
    ApplyZeroPoints(c, sumsA, sumsB, 3, 5);
    c.Store(Output, (row * 1024 + col) * 4, OutputRowStride, false);

    WaveMatrixLeft<half, 16, 16> h;
    WaveMatrixRight<half, 16, 16> g;
    h.Fill(1.0h);
    g.Fill(2.0h);
    f.Multiply(h, g);
    f.ScalarDivide(4.0f);
    f.ScalarSubtract(1.0f);
    f.Store(SharedC, 0, TILE, false);
    sumsA.Store(Output, 0, 4);
}

// CHECK-LABEL: define void @"main"()
// CHECK-DAG: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"a", %"dx.types.waveMatProps" {i8 0, i8 17, i32 16, i32 16})
// CHECK-DAG: call void @"dx.op.waveMatrix_Annotate"(i32 226, %"dx.types.waveMatrix"* %"b", %"dx.types.waveMatProps" {i8 1, i8 18, i32 16, i32 16})
// CHECK-DAG: call i32 @"dx.op.waveMatrix_Depth"(i32 227,
// CHECK-DAG: call void @"dx.op.waveMatrix_Fill.i32"(i32 228, %"dx.types.waveMatrix"* %"c", i32 0)
// CHECK-DAG: call void @"dx.op.waveMatrix_LoadRawBuf"(i32 229, %"dx.types.waveMatrix"* %"a", {{.*}}, i8 16, i1 0)
// CHECK-DAG: call void @"dx.op.waveMatrix_LoadGroupShared.i32"(i32 230, %"dx.types.waveMatrix"* %"a",
// CHECK-DAG: call void @"dx.op.waveMatrix_StoreRawBuf"(i32 231, %"dx.types.waveMatrix"* %"c",
// CHECK-DAG: call void @"dx.op.waveMatrix_StoreGroupShared.i32"(i32 232, %"dx.types.waveMatrix"* %"a",
// CHECK-DAG: call void @"dx.op.waveMatrix_StoreGroupShared.f32"(i32 232, %"dx.types.waveMatrix"* %"f",
// CHECK-DAG: call void @"dx.op.waveMatrix_Multiply"(i32 233, %"dx.types.waveMatrix"* %"f", %"dx.types.waveMatrix"* %"h", %"dx.types.waveMatrix"* %"g")
// CHECK-DAG: call void @"dx.op.waveMatrix_Multiply"(i32 234, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"a", %"dx.types.waveMatrix"* %"b")
// CHECK-DAG: call void @"dx.op.waveMatrix_ScalarOp.i32"(i32 235, %"dx.types.waveMatrix"* %"sumsA", i8 2,
// CHECK-DAG: call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"f", i8 3, float 0x4010000000000000)
// CHECK-DAG: call void @"dx.op.waveMatrix_ScalarOp.f32"(i32 235, %"dx.types.waveMatrix"* %"f", i8 1, float 0x3ff0000000000000)
// CHECK-DAG: call void @"dx.op.waveMatrix_Accumulate"(i32 236, %"dx.types.waveMatrix"* %"sumsA", %"dx.types.waveMatrix"* %"a")
// CHECK-DAG: call void @"dx.op.waveMatrix_Accumulate"(i32 236, %"dx.types.waveMatrix"* %"sumsB", %"dx.types.waveMatrix"* %"b")
// CHECK-DAG: call void @"dx.op.waveMatrix_Accumulate"(i32 237, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"sumsA")
// CHECK-DAG: call void @"dx.op.waveMatrix_Accumulate"(i32 237, %"dx.types.waveMatrix"* %"c", %"dx.types.waveMatrix"* %"sumsB")
