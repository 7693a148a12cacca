// RUN: %hlslc -T lib_6_8 -enable-16bit-types -fsyntax-only %s
// The SM 6.8 Wave Matrix types and every method: WaveMatrixLeft/Right over
// float16_t, float32_t and the packed 8-bit types, WaveMatrixAccumulator,
// the fragment accumulators WaveMatrixLeftColAcc and WaveMatrixRightRowAcc,
// MatrixDepth, Fill, Load/Store from buffers (with and without alignment)
// and groupshared arrays, Multiply, MultiplyAccumulate, SumAccumulate,
// broadcast Add and the four scalar operations.

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

groupshared float16_t SharedHalf[16 * 64];
groupshared float SharedFloat[16 * 16];
groupshared int SharedInt[64];

[shader("compute")]
[numthreads(32, 1, 1)]
[wavesize(32)]
void FloatMatrices(uint3 groupId : SV_GroupID) {
    WaveMatrixLeft<float16_t, 16, 16> left;
    WaveMatrixRight<float16_t, 16, 16> right;
    WaveMatrixAccumulator<float32_t, 16, 16> acc;
    WaveMatrixAccumulator<float16_t, 16, 16> acc16;
    WaveMatrixLeft<float32_t, 64, 16> left32;
    WaveMatrixRight<float32_t, 16, 64> right32;

    uint k = left.MatrixDepth();
    uint k2 = right.MatrixDepth() + left32.MatrixDepth() + right32.MatrixDepth();

    acc.Fill(0.0f);
    acc16.Fill((float16_t)1.0f);
    left.Load(In, 0, k * 2, false);
    left.Load(In, 0, k * 2, false, 16);          // with an alignment
    right.Load(In, 4096, k * 2, true);
    left.Load(SharedHalf, 0, k, false);          // from groupshared
    right.Load(SharedHalf, 16 * k, k, true);

    acc.Multiply(left, right);
    acc.MultiplyAccumulate(left, right);
    acc16.MultiplyAccumulate(left, right);

    acc.ScalarMultiply(2.0f);
    acc.ScalarDivide(4.0f);
    acc.ScalarAdd(1.0f);
    acc.ScalarSubtract(0.5f);
    acc.Add(acc);

    acc.Store(Out, groupId.x * 1024, 16 * 4, false);
    acc.Store(Out, 0, 16 * 4, true, 64);
    acc.Store(SharedFloat, 0, 16, false);
    left.Store(Out, 8192, k * 2, false);
    right.Store(SharedHalf, 0, k, true);
    Out.Store(65536, k + k2);
}

[shader("compute")]
[numthreads(64, 1, 1)]
[wavesize(64)]
void QuantizedMatrices(uint3 groupId : SV_GroupID) {
    WaveMatrixLeft<int8_t4_packed, 16, 16> left;
    WaveMatrixRight<uint8_t4_packed, 16, 16> right;
    WaveMatrixLeftColAcc<int32_t, 16, 16> rowSums;
    WaveMatrixRightRowAcc<int32_t, 16, 16> colSums;
    WaveMatrixAccumulator<int32_t, 16, 16> acc;

    uint k = left.MatrixDepth();
    rowSums.Fill(0);
    colSums.Fill(0);
    acc.Fill(0);

    left.Load(In, 0, k, false);
    right.Load(In, 16 * k, k, true);
    rowSums.SumAccumulate(left);
    colSums.SumAccumulate(right);
    acc.MultiplyAccumulate(left, right);

    rowSums.ScalarMultiply(-3);
    colSums.ScalarAdd(2);
    colSums.ScalarSubtract(1);
    rowSums.ScalarDivide(1);
    acc.Add(rowSums);                            // broadcast along rows
    acc.Add(colSums);                            // broadcast along columns

    // Fragment accumulators load and store as vectors with an element stride.
    WaveMatrixLeftColAcc<int32_t, 16, 16> loadedRows;
    WaveMatrixRightRowAcc<int32_t, 16, 16> loadedCols;
    loadedRows.Load(In, 1024, 4);
    loadedCols.Load(In, 2048, 4, 16);
    loadedRows.Load(SharedInt, 0, 1);
    loadedCols.Load(SharedInt, 16, 2);
    rowSums.Store(Out, 0, 4);
    colSums.Store(Out, 64, 4, 16);
    loadedRows.Store(SharedInt, 32, 1);

    acc.Store(Out, 4096 + groupId.x * 1024, 16 * 4, false);
}
