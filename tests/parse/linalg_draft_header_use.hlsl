// RUN: %hlslc -T lib_6_10 --linalg-revision=draft -fsyntax-only %s
// The draft ("SM 6.x") revision of dx::linalg, selected by
// --linalg-revision=draft: `bool ColMajor` instead of MatrixLayout, the
// member OuterProductAccumulate, and the Thread-scope operations the draft
// still allows (cast, scalar operators, Splat, Store).

#include <dx/linalg.h>

ByteAddressBuffer RO : register(t0);
RWByteAddressBuffer RW : register(u0);
groupshared float Shared[512];

using namespace dx::linalg;

void DraftWave() {
    using A = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A,
                     MatrixScope::Wave>;
    using B = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B,
                     MatrixScope::Wave>;
    using Acc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator,
                       MatrixScope::Wave>;
    A a = A::Load(RO, 0, 64, /*ColMajor*/ false);
    B b = B::Load(RW, 1024, 64, /*ColMajor*/ true);
    Acc acc = Multiply<MatrixComponentType::F32>(a, b);
    acc.MultiplyAccumulate(a, b);
    acc.Store(RW, 0, 64, false);
    acc.Store(Shared, 0, 16, true);
}

void DraftThread(vector<float, 16> x, vector<float, 8> dy) {
    using Acc = Matrix<MatrixComponentType::F32, 16, 8, MatrixUse::Accumulator,
                       MatrixScope::Thread>;
    Acc grad = Acc::Splat(0.0f);
    grad.OuterProductAccumulate(x, dy);
    grad *= 0.5f;
    Matrix<MatrixComponentType::F16, 16, 8, MatrixUse::Accumulator,
           MatrixScope::Thread> narrow = grad.cast<MatrixComponentType::F16>();
    narrow.Store(RW, 4096, 16, false);
}
