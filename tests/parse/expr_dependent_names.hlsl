// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Names that depend on a template parameter: `typename T::X`, member
// templates of a dependent object called with `.template`, static member
// templates called with `T::template`, and dependent static members in
// constant expressions.

struct Codec {
    typedef uint Word;
    static const uint Bits = 32;

    template <uint Shift> uint Encode(uint v) { return v << Shift; }
    template <typename To> static To Convert(float f) { return (To)f; }
};

template <typename C> typename C::Word Pack(C codec, uint v) {
    typename C::Word w = codec.template Encode<4>(v);
    return w | (typename C::Word)C::template Convert<uint>(1.5f);
}

template <typename C> uint BitsOf() { return C::Bits * 2; }

uint UseDependentNames() {
    Codec c;
    return Pack(c, 3u) + BitsOf<Codec>();
}
