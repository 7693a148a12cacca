// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Type aliases: `typedef` (single, several declarators, arrays), `using X = T;`
// at file, namespace and block scope, alias templates with type and value
// parameters, and aliases of aliases.

typedef float real;
typedef uint index_t, count_t;
typedef float3 Triangle[3];
typedef vector<real, 2> real2;

using Color = float4;
using Index = index_t;          // an alias of a typedef
using Mat3 = matrix<float, 3, 3>;

template <typename T> using V4 = vector<T, 4>;
template <typename T, uint N> using Row = vector<T, N>;
template <uint N> using FloatRow = Row<float, N>;

namespace math {
using Scalar = real;
template <typename T> using Pair = vector<T, 2>;
}

struct Box {
    typedef float3 Corner;
    using Size = float3;
    Corner lo;
    Size extent;
};

real Perimeter(Triangle t) {
    return length(t[1] - t[0]) + length(t[2] - t[1]) + length(t[0] - t[2]);
}

Color Tint(V4<half> h, FloatRow<3> rgb) {
    using Channel = float;
    typedef int Offset;
    Channel scale = 0.5f;
    Offset bias = 1;
    return Color(rgb * scale + (float)bias, (float)h.w);
}

math::Scalar Use(Box b, math::Pair<int> p, Mat3 m) {
    Box::Corner c = b.lo + b.extent;
    Index i = (Index)p.x;
    count_t n = 2;
    real2 r = real2(c.x, c.y);
    return r.x + r.y + (real)(i + n) + m._11;
}
