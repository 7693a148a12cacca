// Every dx::linalg operation a Wave-scope matrix has, used correctly from a
// compute entry point: no diagnostics.
// RUN: %hlslc -T cs_6_10 -fsyntax-only -verify %s
// expected-no-diagnostics

#include <dx/linalg.h>
using namespace dx::linalg;

using WaveA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using WaveB = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B, MatrixScope::Wave>;
using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using WaveAcc16 = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using SquareA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using SquareB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;

ByteAddressBuffer Input;
RWByteAddressBuffer Output;
groupshared half TileA[16 * 32];
groupshared half TileB[32 * 16];
groupshared float Sums[16 * 16];

[numthreads(64, 1, 1)]
[wavesize(32)]
void main(uint3 id : SV_DispatchThreadID) {
  // Loads: ByteAddressBuffer, RWByteAddressBuffer, groupshared; RowMajor and
  // ColMajor, explicit Align.
  WaveA a = WaveA::Load(Input, 0, 64, MatrixLayout::RowMajor);
  WaveB b = WaveB::Load(Output, 0, 64, MatrixLayout::ColMajor, 8);
  WaveA ga = WaveA::Load(TileA, 0, 32, MatrixLayout::RowMajor);
  WaveB gb = WaveB::Load(TileB, 0, 16, MatrixLayout::RowMajor);

  // Accumulator updates and matrix x matrix.
  WaveAcc acc = WaveAcc::Splat(0.0f);
  acc.MultiplyAccumulate(a, b);
  acc.MultiplyAccumulate(ga, gb);
  WaveAcc16 same = Multiply(a, b);
  WaveAcc other = Multiply<MatrixComponentType::F32>(a, b);
  SquareA sa = SquareA::Load(Input, 0, 32, MatrixLayout::RowMajor);
  SquareB sb = SquareB::Load(Input, 512, 32, MatrixLayout::RowMajor);
  acc.SumAccumulate(sa, sb);

  // Element-wise operations.
  acc += 1.0f;
  acc -= 1;
  acc *= 2.0h;
  acc /= 2u;
  acc = acc.ApplyUnaryOperation<UnaryOperation::Negate>();
  acc = acc.ApplyUnaryOperation<UnaryOperation::Tan>();
  WaveAcc16 narrow = acc.cast<MatrixComponentType::F16>();
  SquareA asA = narrow.cast<MatrixComponentType::F16, MatrixUse::A>();

  // Per-thread vectors: A is MScalars (16) long, B NScalars (16) long.
  vector<half, 16> va = a.GetThreadVector(0);
  vector<half, 16> vb = b.GetThreadVector();
  a = a.FromThreadVectors(va);
  b = b.FromThreadVectors(vb);

  // Stores and accumulation into memory.
  acc.Store(Output, 0, 64, MatrixLayout::RowMajor);
  acc.Store(Sums, 0, 16, MatrixLayout::ColMajor);
  acc.Accumulate(Output, 1024, 64, MatrixLayout::RowMajor);
  acc.Accumulate(Sums, 0, 16, MatrixLayout::RowMajor);

  // Vector x matrix and outer product.
  vector<float, 32> x = (vector<float, 32>)0;
  vector<float, 16> y = Multiply<float>(x, b);
  y = MultiplyAdd<float>(x, b, y);
  WaveAcc outer = OuterProduct<MatrixComponentType::F32, MatrixScope::Wave>(y, y);

  MatrixUse layout = AccumulatorLayout();
}
