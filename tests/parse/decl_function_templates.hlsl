// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Function templates: deduction from scalars and vectors, explicit arguments
// (all or some), an array parameter, non-type parameters, defaults,
// overloading a template with a non-template, and one template calling
// another.

template <typename T> T Square(T x) { return x * x; }

template <typename T, uint N> T SumOf(vector<T, N> v) {
    T total = (T)0;
    for (uint i = 0; i < N; ++i)
        total += v[i];
    return total;
}

template <typename T, uint N> T Last(T values[N]) { return values[N - 1]; }

template <typename To, typename From> To Convert(From f) { return (To)f; }

template <uint Shift> uint ShiftLeft(uint x) { return x << Shift; }

template <typename T, int Bias = 1> T AddBias(T x) { return x + (T)Bias; }

// Overloads: the non-template wins for an exact float argument.
float Describe(float x) { return x; }
template <typename T> float Describe(T x) { return (float)x * 2.0f; }

template <typename T> T Cube(T x) { return Square<T>(x) * x; }

float UseTemplates() {
    float values[3] = { 1.0f, 2.0f, 3.0f };
    float a = Square(3.0f);                     // T = float
    int b = Square<int>(4);                     // explicit
    uint c = SumOf(uint3(1, 2, 3));             // T = uint, N = 3
    half d = SumOf<half, 2>(half2(1.0h, 2.0h)); // fully explicit
    float e = Last<float, 3>(values);
    int f = Convert<int>(2.5f);                 // From deduced
    uint g = ShiftLeft<4>(1u);
    double h = AddBias(1.0l) + AddBias<double, -2>(1.0l);
    float i = Describe(1.0f) + Describe(7);
    float j = Cube(2.0f);
    return a + (float)b + (float)c + (float)d + e + (float)f + (float)g +
           (float)h + i + j;
}
