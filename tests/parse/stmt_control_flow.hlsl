// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Statements: nested blocks, if / else if / else (with and without braces,
// dangling else), for (every clause optional), while, do/while, break,
// continue, return in loops, expression statements, empty statements, and
// the loop and branch attributes.

uint Collatz(uint n) {
    uint steps = 0;
    while (n != 1) {
        if (n % 2 == 0)
            n /= 2;
        else
            n = 3 * n + 1;
        ++steps;
        if (steps > 1000)
            break;
    }
    return steps;
}

int FirstNegative(int4 v) {
    for (uint i = 0; i < 4; i++) {
        if (v[i] >= 0)
            continue;
        return (int)i;
    }
    return -1;
}

uint CountDown(uint n) {
    uint iterations = 0;
    do {
        iterations++;
        n = n > 3 ? n - 3 : 0;
    } while (n > 0);
    return iterations;
}

float Classify(float x) {
    float result;
    if (x < 0.0f) {
        result = -1.0f;
    } else if (x == 0.0f) {
        result = 0.0f;
    } else if (x < 1.0f) {
        {
            // A nested block with its own scope.
            float half_x = x * 0.5f;
            result = half_x;
        }
    } else {
        result = 1.0f;
    }
    // Dangling else: binds to the inner if.
    if (x > 10.0f)
        if (x > 100.0f)
            result = 100.0f;
        else
            result = 10.0f;
    return result;
}

uint Loops(uint n) {
    uint total = 0;
    for (;;) {
        if (total > n)
            break;
        total += 4;
    }
    uint i = 0;
    for (; i < n; ) {
        i += 2;
    }
    for (uint a = 0, b = 10; a < b; ++a, --b)
        total += a * b;
    ;;                          // empty statements
    for (uint k = 0; k < 8; ++k)
        ;                       // empty loop body
    [unroll]
    for (uint u = 0; u < 4; ++u)
        total += u;
    [loop]
    while (total > 100)
        total -= 7;
    [branch]
    if (n > 5)
        total++;
    [flatten]
    if (n < 2) {
        total--;
    }
    [unroll(2)]
    for (uint w = 0; w < 2; ++w)
        total <<= 1;
    total;                      // an expression statement with no effect
    Collatz(n);                 // a call whose result is discarded
    return total + i + CountDown(n) + (uint)FirstNegative(int4(1, -2, 3, -4)) +
           (uint)Classify((float)n);
}
