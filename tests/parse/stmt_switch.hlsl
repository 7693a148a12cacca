// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// switch: case labels with literals, constant expressions and enumerators,
// several labels on one statement, fallthrough between non-empty cases,
// default in the middle, blocks in cases, break and return inside, nested
// switches and loops with break/continue around a switch.

enum class Op { Add = 1, Sub = 2, Mul = 3, Nop = 0 };

static const int Threshold = 10;

int Apply(Op op, int a, int b) {
    switch (op) {
    case Op::Add:
        return a + b;
    case Op::Sub:
        return a - b;
    case Op::Mul: {
        int product = a * b;
        return product;
    }
    default:
        return a;
    }
}

uint Bucket(uint v) {
    uint score = 0;
    switch (v) {
    case 0:
    case 1:
        score = 1;
        break;
    case 2:
        score += 10;
        // fallthrough into the next case
    case 3:
        score += 100;
        break;
    default:
        score = 7;
        break;
    case Threshold + 1:
        score = 11;
        break;
    case 1 << 5:
        switch (score) {
        case 0:
            score = 32;
            break;
        default:
            break;
        }
        break;
    }
    return score;
}

uint Scan(uint n) {
    uint total = 0;
    for (uint i = 0; i < n; ++i) {
        switch (i % 4) {
        case 0:
            continue;           // continues the loop, not the switch
        case 1:
            total += 1;
            break;              // leaves the switch only
        case 2:
            ;
            break;
        default:
            total += Bucket(i);
        }
        if (total > 500)
            break;
    }
    return total + (uint)Apply(Op::Mul, 3, 4) + (uint)Apply(Op::Nop, 1, 2);
}
