// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Assignment: simple and chained (right-associative) assignment, every
// compound assignment operator, pre/post increment and decrement, and their
// use as subexpressions and on array elements, members and swizzles.

struct Counter {
    uint hits;
    float3 sum;
};

uint Assignments(uint a, uint b) {
    uint x, y, z;
    x = y = z = a;                 // x = (y = (z = a))
    x += b;
    x -= 1;
    x *= 3;
    x /= 2;
    x %= 7;
    x <<= 2;
    x >>= 1;
    x &= 0xFFu;
    x |= 0x100u;
    x ^= b;
    y = (z += 4) * 2;              // assignment as a subexpression
    return x + y + z;
}

float FloatCompound(float f) {
    f += 1.5f;
    f -= 0.5f;
    f *= 2.0f;
    f /= 4.0f;
    f %= 3.0f;
    return f;
}

uint IncDec(uint n) {
    uint i = n;
    uint a = i++;                  // old value
    uint b = ++i;                  // new value
    uint c = i--;
    uint d = --i;
    uint arr[3] = { 0, 1, 2 };
    arr[1]++;
    ++arr[2];
    arr[i % 3]--;
    Counter ctr = (Counter)0;
    ctr.hits++;
    --ctr.hits;
    ctr.sum.x += 1.0f;
    ctr.sum.yz *= 2.0f;
    ctr.sum.zy = float2(3.0f, 4.0f);
    float f = 1.0f;
    f++;
    --f;
    return a + b + c + d + arr[1] + arr[2] + ctr.hits + (uint)ctr.sum.z + (uint)f;
}
