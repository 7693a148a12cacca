// The draft ("SM 6.x") API with --linalg-revision=draft: bool ColMajor
// instead of MatrixLayout, OuterProductAccumulate as an accumulator member,
// and Thread-scope Load(RWByteAddressBuffer), Store, Splat, +=,
// ApplyUnaryOperation and groupshared loads.
// RUN: %hlslc -T lib_6_10 --linalg-revision=draft -fsyntax-only -verify %s
// expected-no-diagnostics

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Thread>;
using ThreadB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;
using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;
using WaveA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using WaveB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using WaveAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

ByteAddressBuffer Input;
RWByteAddressBuffer Output;
groupshared half Tile[256];

void thread_scope() {
  ThreadB b = ThreadB::Load(Input, 0, 32, false);
  ThreadB bt = ThreadB::Load(Output, 0, 32, true);
  ThreadA a = ThreadA::Load(Tile, 0, 16, false);
  ThreadAcc acc = ThreadAcc::Splat(0.0f);
  acc += 1.0f;
  acc = acc.ApplyUnaryOperation<UnaryOperation::Abs>();
  vector<float, 16> x = (vector<float, 16>)1;
  vector<float, 16> y = MultiplyAdd<float>(x, b, x);
  acc.OuterProductAccumulate(x, y);
  acc.Store(Output, 0, 64, false);
}

void wave_scope() {
  WaveA a = WaveA::Load(Input, 0, 32, false);
  WaveB b = WaveB::Load(Tile, 0, 16, true);
  WaveAcc acc = Multiply<MatrixComponentType::F32>(a, b);
  acc.MultiplyAccumulate(a, b);
  vector<float, 16> x = (vector<float, 16>)1;
  acc.OuterProductAccumulate(x, x);
  acc.Store(Output, 0, 64, false);
}
