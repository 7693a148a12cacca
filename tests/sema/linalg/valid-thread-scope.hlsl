// The operations a Thread-scope matrix has: Load from a ByteAddressBuffer in
// any layout, Accumulate into a RWByteAddressBuffer in OuterProductOptimal,
// vector x matrix, MultiplyAdd and OuterProduct. Thread scope is also allowed
// in divergent control flow.
// RUN: %hlslc -T cs_6_10 -fsyntax-only -verify %s
// expected-no-diagnostics

#include <dx/linalg.h>
using namespace dx::linalg;

using Layer = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::B, MatrixScope::Thread>;
using Grad = Matrix<MatrixComponentType::F32, 16, 32, MatrixUse::Accumulator, MatrixScope::Thread>;

ByteAddressBuffer Weights;
RWByteAddressBuffer Grads;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  if (id.x > 10)
    return;
  Layer rowMajor = Layer::Load(Weights, 0, 64, MatrixLayout::RowMajor);
  Layer colMajor = Layer::Load(Weights, 0, 32, MatrixLayout::ColMajor, 4);
  Layer mulOpt = Layer::Load(Weights, 1024, 0, MatrixLayout::MulOptimal);
  Layer outerOpt = Layer::Load(Weights, 2048, 0, MatrixLayout::OuterProductOptimal);

  vector<float, 16> x = (vector<float, 16>)1;
  vector<half, 16> xh = (vector<half, 16>)1;
  vector<float, 32> bias = (vector<float, 32>)0;
  vector<float, 32> y = Multiply<float>(x, rowMajor);
  vector<half, 32> yh = Multiply<half>(xh, mulOpt);
  y = MultiplyAdd<float>(x, colMajor, bias);
  y = MultiplyAdd<float>(xh, outerOpt, yh);

  Grad g = OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(x, y);
  g.Accumulate(Grads, 0, 0, MatrixLayout::OuterProductOptimal);
}
