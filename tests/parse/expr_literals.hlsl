// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Literals: decimal, hexadecimal and octal integers with and without the
// u/U, l/L and ul/UL suffixes; floating literals with f/F, h/H and l/L
// suffixes, exponents (signed and unsigned), leading and trailing dots;
// true and false.

uint Integers() {
    int dec = 42;
    int zero = 0;
    int octal = 017;                  // 15
    uint unsignedLit = 1u;
    uint upper = 7U;
    uint hex = 0xFFu;
    uint hexUpper = 0XABCDEFu;
    uint hexMixed = 0x1fU;
    int64_t longLit = 1l;
    int64_t longUpper = 2L;
    uint64_t unsignedLong = 1ul;
    uint64_t unsignedLongUpper = 3UL;
    uint64_t big = 0xFFFFFFFFFFul;
    return (uint)(dec + zero + octal) + unsignedLit + upper + hex + hexUpper +
           hexMixed + (uint)(longLit + longUpper) +
           (uint)(unsignedLong + unsignedLongUpper + big);
}

float Floats() {
    float plain = 1.0;
    float suffixed = 1.0f;
    float upperF = 2.5F;
    half h = 1.0h;
    half upperH = 0.5H;
    double l = 1.0l;
    double upperL = 2.0L;
    float exp = 1e-3;
    float expPlus = 2.5e+2f;
    float expUpper = 3E4;
    float noFraction = 5.f;
    float noInteger = .25f;
    float exponentOnly = 1e3f;
    float hexInt = (float)0x10;
    return plain + suffixed + upperF + (float)h + (float)upperH + (float)l +
           (float)upperL + exp + expPlus + expUpper + noFraction + noInteger +
           exponentOnly + hexInt;
}

bool Booleans() {
    bool t = true;
    bool f = false;
    return t && !f;
}
