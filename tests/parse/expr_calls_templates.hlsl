// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Calls: plain, nested, with explicit template arguments (types, values and
// enumerators), static member calls through a type alias (`T::Load(...)`),
// member template calls with explicit arguments (`x.cast<...>()`,
// `x.ApplyUnaryOperation<...>()`), and calls through qualified names.

#include <dx/linalg.h>

ByteAddressBuffer Src : register(t0);
RWByteAddressBuffer Dst : register(u0);

namespace util {
template <typename T> T Twice(T v) { return v + v; }
template <uint N> uint Times(uint v) { return v * N; }

// An enumerator as an explicit template argument.
template <dx::linalg::MatrixComponentType CT> uint ComponentBytes() {
    return CT == dx::linalg::MatrixComponentType::F16 ? 2 : 4;
}
template <dx::linalg::MatrixComponentType CT> uint RowBytes(uint a, uint b) {
    return ComponentBytes<CT>() * (a + b);
}
} // namespace util

void UseCalls() {
    using namespace dx::linalg;
    using TA = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A,
                      MatrixScope::Wave>;
    using TB = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::B,
                      MatrixScope::Wave>;
    using TC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator,
                      MatrixScope::Wave>;

    uint strideA = util::RowBytes<MatrixComponentType::F16>(16, 16);
    uint strideB = util::Times<2>(16);

    // Static member functions called through an alias.
    TA a = TA::Load(Src, 0, strideA, MatrixLayout::RowMajor);
    TB b = TB::Load(Src, 1024, strideB, MatrixLayout::ColMajor);

    // A free function template called with an enumerator argument.
    TC c = Multiply<MatrixComponentType::F32>(a, b);
    c.MultiplyAccumulate(a, b);

    // Member templates with explicit arguments, one and two.
    Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator,
           MatrixScope::Wave> narrow = c.cast<MatrixComponentType::F16>();
    Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::A, MatrixScope::Wave>
        asA = c.cast<MatrixComponentType::F32, MatrixUse::A>();
    narrow = narrow.ApplyUnaryOperation<UnaryOperation::Negate>();

    // A fully qualified call.
    dx::linalg::Matrix<dx::linalg::MatrixComponentType::F16, 16, 16,
                       dx::linalg::MatrixUse::Accumulator,
                       dx::linalg::MatrixScope::Wave>
        sum = dx::linalg::Multiply(a, b);

    narrow.Store(Dst, 0, 32, MatrixLayout::RowMajor);
    sum.Store(Dst, 512, 32, MatrixLayout::RowMajor);
    asA.Store(Dst, util::Twice(512u), 64, MatrixLayout::ColMajor);
}
