// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Every binary and unary operator HLSL takes from C++, in combinations that
// exercise precedence and associativity; each line notes the grouping.

int Arithmetic(int a, int b, int c) {
    int r0 = a + b * c;            // a + (b * c)
    int r1 = a - b - c;            // (a - b) - c
    int r2 = a / b / c;            // (a / b) / c
    int r3 = a * b % c;            // (a * b) % c
    int r4 = -a * +b;              // (-a) * (+b)
    int r5 = - -a;                 // -(-a)
    int r6 = (a + b) * c;
    return r0 + r1 + r2 + r3 + r4 + r5 + r6;
}

uint Bitwise(uint a, uint b, uint c) {
    uint r0 = a | b ^ c & a;       // a | (b ^ (c & a))
    uint r1 = a << 2 + b;          // a << (2 + b)
    uint r2 = a >> 1 >> 2;         // (a >> 1) >> 2
    uint r3 = ~a & b;              // (~a) & b
    uint r4 = a & b == c;          // a & (b == c)
    uint r5 = (a & b) == c ? 1u : 0u;
    uint r6 = a << b | c >> a;     // (a << b) | (c >> a)
    return r0 + r1 + r2 + r3 + r4 + r5 + r6;
}

bool Logical(bool p, bool q, bool r, int x, int y) {
    bool b0 = p || q && r;         // p || (q && r)
    bool b1 = !p && q;             // (!p) && q
    bool b2 = x < y == y > x;      // (x < y) == (y > x)
    bool b3 = x <= y != x >= y;    // (x <= y) != (x >= y)
    bool b4 = x + 1 < y * 2;       // (x + 1) < (y * 2)
    bool b5 = !!p;
    bool b6 = x != 0 && y / x > 1 || r;  // ((x != 0) && ((y / x) > 1)) || r
    return b0 && b1 || b2 && b3 || b4 && b5 || b6;
}

float Floats(float a, float b, float c) {
    float r0 = a * b + c / a - b;  // ((a * b) + (c / a)) - b
    float r1 = a % b;              // HLSL allows % on floats
    float r2 = -(a - b) * -c;
    return r0 + r1 + r2;
}

int4 Vectors(int4 a, int4 b) {
    // Operators apply component-wise to vectors.
    int4 r = a * b + a % b - (a << 1) + (b >> 1) + (a & b) + (a | b) + (a ^ b);
    return r + ~a + -b;
}
