// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// The conditional operator (nested in both arms, right-associative, mixed
// with assignment and comparisons) and the comma operator (in expressions,
// in for clauses, and inside parentheses in call arguments).

int Sign(int x) { return x > 0 ? 1 : x < 0 ? -1 : 0; }  // a ? b : (c ? d : e)

float Nested(float a, float b, bool p, bool q) {
    float r0 = p ? (q ? a : b) : (q ? b : a);
    float r1 = p ? q ? a : b : a;          // p ? (q ? a : b) : a
    float r2 = a < b ? a : b;
    float r3 = (a > b ? a : b) * 2.0f;
    float r4;
    r4 = p ? a : b;
    r4 += q ? 1.0f : -1.0f;
    return r0 + r1 + r2 + r3 + r4;
}

uint Take(uint v) { return v; }

uint Commas(uint n) {
    uint a = 1, b = 2;
    uint c = (a += 2, b += 3, a + b);      // evaluates left to right, yields a + b
    uint d = 0;
    for (uint i = 0, j = n; i < j; ++i, --j)
        d += j - i;
    a = 5, b = 6;                          // an expression statement with a comma
    uint e = Take((a, b));                 // one argument: the value of b
    return c + d + e + (uint)Sign(-3) + (uint)Nested(1.0f, 2.0f, true, false);
}
