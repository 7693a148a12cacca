// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Every operation of the SM 6.10 dx::linalg header, each used validly once:
// the header must parse, and these calls exercise its templates (member
// templates, defaults, enable_if conditions, deduction through Matrix<...>
// and vector<...> parameters).

#include <dx/linalg.h>

ByteAddressBuffer RO : register(t0);
RWByteAddressBuffer RW : register(u0);
groupshared float SharedF[1024];
groupshared half SharedH[1024];

using namespace dx::linalg;

template <MatrixUse U, MatrixScope S>
using HalfMat16 = Matrix<MatrixComponentType::F16, 16, 16, U, S>;

void WaveOperations() {
    using A = HalfMat16<MatrixUse::A, MatrixScope::Wave>;
    using B = HalfMat16<MatrixUse::B, MatrixScope::Wave>;
    using Acc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator,
                       MatrixScope::Wave>;

    A a = A::Load(RO, 0, 32, MatrixLayout::RowMajor);
    B b = B::Load(RW, 512, 32, MatrixLayout::ColMajor, 16);
    A a2 = A::Load(SharedH, 0, 16, MatrixLayout::RowMajor);
    Acc acc = Acc::Splat(0.0f);
    acc.MultiplyAccumulate(a, b);
    acc.SumAccumulate(a2, b);
    acc += 1.0f;
    acc -= 0.5f;
    acc *= 2.0f;
    acc /= 4.0f;
    acc = acc.ApplyUnaryOperation<UnaryOperation::Abs>();
    Acc product = Multiply<MatrixComponentType::F32>(a, b);
    Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator,
           MatrixScope::Wave> same = Multiply(a, b);
    B asB = product.cast<MatrixComponentType::F16, MatrixUse::B>();
    vector<half, 16> rowPart = a.GetThreadVector();
    vector<half, 16> colPart = asB.GetThreadVector(0);
    A rebuilt = a.FromThreadVectors(rowPart);
    B rebuiltB = asB.FromThreadVectors(colPart);
    acc.MultiplyAccumulate(rebuilt, rebuiltB);
    acc.Store(RW, 0, 64, MatrixLayout::RowMajor);
    acc.Store(SharedF, 0, 16, MatrixLayout::ColMajor);
    acc.Accumulate(RW, 1024, 64, MatrixLayout::RowMajor);
    acc.Accumulate(SharedF, 256, 16, MatrixLayout::RowMajor);
    same.Store(RW, 2048, 32, MatrixLayout::RowMajor);
}

void ThreadGroupOperations() {
    using A = Matrix<MatrixComponentType::PackedS8x32, 64, 128, MatrixUse::A,
                     MatrixScope::ThreadGroup>;
    using B = Matrix<MatrixComponentType::PackedS8x32, 128, 32, MatrixUse::B,
                     MatrixScope::ThreadGroup>;
    using Acc = Matrix<MatrixComponentType::I32, 64, 32, MatrixUse::Accumulator,
                       MatrixScope::ThreadGroup>;
    A a = A::Load(RO, 0, 128, MatrixLayout::RowMajor);
    B b = B::Load(RO, 8192, 128, MatrixLayout::ColMajor);
    Acc acc = Multiply<MatrixComponentType::I32>(a, b);
    // Packed types carry 4 elements per uint, so an A matrix's thread vector
    // has MScalars = 64 / 4 entries.
    vector<uint, 16> packedRow = a.GetThreadVector();
    acc *= 3;
    acc.Store(RW, 0, 128, MatrixLayout::RowMajor);
    RW.Store(16384, packedRow[0]);
}

void ThreadOperations(vector<float, 32> input) {
    using W = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B,
                     MatrixScope::Thread>;
    W w = W::Load(RO, 0, 0, MatrixLayout::MulOptimal);
    vector<float, 16> bias = (vector<float, 16>)0.5f;
    vector<float, 16> y = Multiply<float>(input, w);
    vector<half, 16> z = MultiplyAdd<half>(input, w, bias);
    Matrix<MatrixComponentType::F32, 32, 16, MatrixUse::Accumulator,
           MatrixScope::Thread> grad =
        OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(input, y);
    grad.Accumulate(RW, 0, 0, MatrixLayout::OuterProductOptimal);
    MatrixUse preferred = AccumulatorLayout();
    RW.Store(4096, asuint((float)z[0]) + (uint)preferred);
}
