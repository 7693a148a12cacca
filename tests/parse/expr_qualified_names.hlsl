// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Qualified names: enumerators through nested namespaces
// (`dx::linalg::MatrixUse::A`), static members through template
// specialisations, types nested in records and namespaces, the global
// qualifier, and qualified names as template arguments.

#include <dx/linalg.h>

namespace outer {
namespace inner {
enum class Mode { Off = 0, On = 1 };
struct Config {
    static const uint Version = 3;
    struct Limits {
        static const uint Max = 64;
    };
};
template <typename T> struct Wrap {
    static const uint Size = sizeof(T);
};
} // namespace inner
} // namespace outer

static const uint Version = 1;

template <dx::linalg::MatrixUse U> struct UseName {
    static const uint Code = (uint)U;
};

uint UseQualifiedNames() {
    dx::linalg::MatrixUse use = dx::linalg::MatrixUse::A;
    dx::linalg::MatrixScope scope = dx::linalg::MatrixScope::ThreadGroup;
    outer::inner::Mode mode = outer::inner::Mode::On;
    outer::inner::Config::Limits limits;
    uint total = outer::inner::Config::Version + ::Version +
                 outer::inner::Config::Limits::Max +
                 outer::inner::Wrap<float4>::Size +
                 UseName<dx::linalg::MatrixUse::Accumulator>::Code +
                 (uint)dx::linalg::MatrixLayout::OuterProductOptimal;
    if (use == dx::linalg::MatrixUse::A &&
        scope != dx::linalg::MatrixScope::Thread &&
        mode == outer::inner::Mode::On)
        total += 1;
    return total;
}
