// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Namespaces: nesting, reopening, qualified lookup from outside and inside,
// `using namespace` at file and block scope, and a global-scope qualifier.

static const float Scale = 1.0f;

namespace geometry {
static const float Scale = 2.0f;

struct Extent {
    float width;
    float height;
};

namespace detail {
float AreaOf(Extent e) { return e.width * e.height; }
} // namespace detail

float Area(Extent e) { return detail::AreaOf(e) * Scale; }
} // namespace geometry

// Reopening adds to the same namespace.
namespace geometry {
float Perimeter(Extent e) { return 2.0f * (e.width + e.height); }

namespace detail {
namespace deeper {
static const uint Depth = 3;
}
} // namespace detail
} // namespace geometry

float UseQualified() {
    geometry::Extent e = { 3.0f, 4.0f };
    // ::Scale is the global one, geometry::Scale the inner one.
    return geometry::Area(e) + geometry::Perimeter(e) * ::Scale +
           geometry::Scale + (float)geometry::detail::deeper::Depth;
}

float UseBlockUsing() {
    using namespace geometry;
    Extent e = { 1.0f, 2.0f };
    return Perimeter(e) + detail::AreaOf(e);
}

using namespace geometry::detail;

uint UseFileUsing() { return deeper::Depth + 1; }
