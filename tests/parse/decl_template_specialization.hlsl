// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Specialisation: explicit (`template <>`) specialisations of class and
// function templates, partial specialisations on a type pattern and on a
// non-type value, and member types reached with `typename X<...>::type`.

template <typename T> struct TypeName {
    static const uint Id = 0;
};
template <> struct TypeName<float> {
    static const uint Id = 1;
};
template <> struct TypeName<vector<float, 4> > {
    static const uint Id = 2;
};

// Partial specialisation on a vector pattern: matches vector<E, N> for any E, N.
template <typename T> struct Traits {
    typedef T element;
    static const uint Width = 1;
};
template <typename E, uint N> struct Traits<vector<E, N> > {
    typedef E element;
    static const uint Width = N;
};

// Partial specialisation on a value.
template <bool Cond, typename Then, typename Else> struct Select {
    using type = Then;
};
template <typename Then, typename Else> struct Select<false, Then, Else> {
    using type = Else;
};

template <uint Bits, typename T> struct Packed {
    static const uint PerWord = 32 / Bits;
};
template <typename T> struct Packed<8, T> {
    static const uint PerWord = 4;
    using Storage = uint;
};

// A function template and an explicit specialisation of it.
template <typename T> uint BytesOf() { return 4; }
template <> uint BytesOf<double>() { return 8; }
template <> uint BytesOf<half>() { return 2; }

// The element type of a vector type, through the partial specialisation.
template <typename V>
typename Traits<V>::element FirstOf(V v) {
    return v[0];
}

uint UseSpecialisations() {
    typename Traits<float3>::element e = 1.0f;   // float
    Traits<int2>::element i = 2;                 // int
    typename Select<(4 > 2), uint, float>::type u = 3u;
    Select<false, uint, half>::type h = (half)0.5f;
    Packed<8, int>::Storage word = 0xFFu;
    return TypeName<float>::Id + TypeName<float4>::Id + TypeName<uint>::Id +
           Traits<uint4>::Width + Traits<float>::Width +
           Packed<16, int>::PerWord + Packed<8, uint>::PerWord +
           BytesOf<float>() + BytesOf<double>() + BytesOf<half>() +
           (uint)FirstOf(float2(e, 2.0f)) + (uint)i + u + (uint)h + word;
}
