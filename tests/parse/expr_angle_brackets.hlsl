// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Where `<` and `>` open and close template argument lists and where they
// compare or shift: `>>` and `>>>` closing nested argument lists, `a < b`
// and `a > b` next to template names, comparisons inside parenthesised
// template arguments, shifts, and `>>=` / `>=` after template-ids.

template <typename T> struct Box {
    static const int Value = 4;
    T item;
};

template <typename T> struct Outer {
    T inner;
};

template <bool B> struct Flag {
    static const bool Value = B;
};

template <int N> struct Num {
    static const int Value = N;
};

template <typename A, typename B> struct PairOf {
    A first;
    B second;
};

int Compare(int a, int b, int c, int d) {
    // Variables, not templates: these are comparisons.
    bool lt = a < b;
    bool gt = c > d;
    bool both = a < b && c > d;
    bool chain = (a < b) == (c > d);
    // Template names next to comparisons.
    bool withTemplate = Box<int>::Value < a;
    bool withTemplate2 = a > Box<float>::Value;
    bool withTemplate3 = Box<int>::Value > Num<3>::Value;
    bool mixed = a < Box<Box<int> >::Value && b > Num<2>::Value;
    return (lt ? 1 : 0) + (gt ? 2 : 0) + (both ? 4 : 0) + (chain ? 8 : 0) +
           (withTemplate ? 16 : 0) + (withTemplate2 ? 32 : 0) +
           (withTemplate3 ? 64 : 0) + (mixed ? 128 : 0);
}

int Pick(bool p, bool q) { return p ? (q ? 3 : 2) : (q ? 1 : 0); }

int Nesting(int a, int b, int c, int d) {
    // `>>` closes two lists, `>>>` three.
    Outer<Box<int>> two;
    Outer<Outer<Box<int>>> three;
    PairOf<Box<float>, Outer<Box<uint>>> pair;
    two.inner.item = 1;
    three.inner.inner.item = 2;
    pair.second.inner.item = 3u;
    // Comparisons as template arguments need parentheses.
    bool f1 = Flag<(3 > 2)>::Value;
    bool f2 = Flag<(1 >> 1 == 0)>::Value;
    int n1 = Num<(8 >> 2)>::Value;
    int n2 = Num<(1 << 3)>::Value;
    // Two comparisons as call arguments (not a template-id).
    int picked = Pick(a < b, c > d);
    return two.inner.item + three.inner.inner.item + (int)pair.second.inner.item +
           (f1 ? 1 : 0) + (f2 ? 1 : 0) + n1 + n2 + picked;
}

uint Shifts(uint x) {
    uint a = x >> 2;
    uint b = x << 3;
    uint c = x >> 1 >> 1;
    uint d = (x << 2) >> 2;
    a >>= 1;
    b <<= 1;
    bool e = Num<4>::Value >= 4;
    bool f = x >> 1 > 2;               // (x >> 1) > 2
    bool g = x << 1 < 8;               // (x << 1) < 8
    return a + b + c + d + (e ? 1u : 0u) + (f ? 1u : 0u) + (g ? 1u : 0u);
}
