// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Functions: a prototype defined later, default arguments, `in`, `out`,
// `inout` and `const` parameters, array and struct parameters, void
// functions and early returns, overloads.

struct Range {
    float lo;
    float hi;
};

// Declared first, defined at the end of the file.
float Clamp01(float x);

float Lerp(float a, float b, float t = 0.5f) { return a + (b - a) * t; }

void SplitRange(in Range r, out float lo, out float hi) {
    lo = r.lo;
    hi = r.hi;
}

void Accumulate(inout float total, const float value, uint times = 1) {
    for (uint i = 0; i < times; ++i)
        total += value;
}

void Double(inout float x) { x *= 2.0f; }

void Fill(out float dst[4], float value) {
    for (uint i = 0; i < 4; ++i)
        dst[i] = value;
}

float Pick(bool first, float a, float b) {
    if (first)
        return a;
    return b;
}

void Nothing() {
    return;
}

float Overloaded(float x) { return x; }
float Overloaded(float2 x) { return x.x + x.y; }
float Overloaded(int x, int y = 3) { return (float)(x * y); }

float UseFunctions() {
    Range r = { -1.0f, 2.0f };
    float lo, hi;
    SplitRange(r, lo, hi);
    float total = 0.0f;
    Accumulate(total, 1.5f);
    Accumulate(total, 0.5f, 3);
    Double(total);
    float arr[4];
    Fill(arr, 0.25f);
    Nothing();
    return Lerp(lo, hi) + Lerp(lo, hi, 0.25f) + Clamp01(total) + arr[3] +
           Pick(true, lo, hi) + Overloaded(1.0f) + Overloaded(float2(1, 2)) +
           Overloaded(2) + Overloaded(2, 4);
}

float Clamp01(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x); }
