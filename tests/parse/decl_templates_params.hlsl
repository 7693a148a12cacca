// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Template parameters: type parameters (`typename` and `class`), non-type
// parameters of type uint, int, bool and an enum, default arguments, and
// defaults that refer to earlier parameters.

enum class Precision { Low = 0, Full = 1 };

template <typename T> struct Holder {
    T value;
};

template <class T, uint N> struct FixedArray {
    T items[N];
    static const uint Count = N;
};

template <int Offset> struct Shifted {
    static const int Value = Offset - 1;
};

template <bool Enabled> struct Toggle {
    static const bool On = Enabled;
};

template <Precision P> struct Quality {
    static const bool IsFull = P == Precision::Full;
};

// Defaults, one of which depends on the parameters before it.
template <typename T = float, uint Rows = 4, uint Cols = Rows,
          uint Total = Rows * Cols, Precision P = Precision::Full>
struct Grid {
    T cells[Total];
    static const uint RowCount = Rows;
    static const uint ColCount = Cols;
    static const bool Full = Quality<P>::IsFull;
};

// A default that names a nested member of an earlier parameter's type.
template <typename Container, uint Length = Container::Count>
struct View {
    static const uint Size = Length;
};

uint UseParameters() {
    Holder<float3> h;
    h.value = float3(1.0f, 2.0f, 3.0f);
    FixedArray<int, 8> fa;
    fa.items[7] = 7;
    Grid<> g0;                      // every default
    Grid<half, 2> g1;               // Cols defaults to Rows = 2, Total to 4
    Grid<uint, 2, 3, 6, Precision::Low> g2;
    g1.cells[3] = (half)1.0f;
    g2.cells[5] = 5u;
    g0.cells[15] = 0.5f;
    return FixedArray<int, 8>::Count + (uint)Shifted<-4>::Value +
           (Toggle<true>::On ? 1u : 0u) + (Toggle<(3 > 2)>::On ? 1u : 0u) +
           Grid<>::RowCount + Grid<half, 2>::ColCount +
           (Grid<uint, 2, 3, 6, Precision::Low>::Full ? 0u : 1u) +
           View<FixedArray<float, 5> >::Size + (uint)fa.items[7] +
           (uint)h.value.z + g2.cells[5];
}
