// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Storage classes and arrays: groupshared, static, static const and const
// variables at file scope; static and const locals; one-, two- and
// three-dimensional arrays, arrays of vectors and structs, sizes given by
// constant expressions, and initialiser lists for them.

#define TILE 8

struct Sample {
    float weight;
    int2 offset;
};

groupshared float SharedTile[TILE * TILE];
groupshared uint SharedGrid[4][TILE];
groupshared float4 SharedColors[2][2][4];

static float RunningTotal = 0.0f;
static uint Histogram[16];
static const uint Primes[5] = { 2, 3, 5, 7, 11 };
static const float2 Corners[4] = {
    float2(0, 0), float2(1, 0), float2(0, 1), float2(1, 1)
};
static const int Kernel3x3[3][3] = {
    { 1, 2, 1 },
    { 2, 4, 2 },
    { 1, 2, 1 },
};
static const Sample Taps[2] = { { 0.25f, int2(-1, 0) }, { 0.75f, int2(1, 0) } };

// A non-static global constant is a shader parameter (it lives in the
// default constant buffer); its initialiser is the parameter's default.
const float Exposure = 1.5f;

uint CallCount() {
    // A function-local static keeps its value between calls of one thread.
    static uint calls = 0;
    calls++;
    return calls;
}

float UseStorage(uint index) {
    const uint row = index / TILE;
    const uint col = index % TILE;
    SharedTile[row * TILE + col] = (float)Primes[index % 5];
    SharedGrid[row % 4][col] = index;
    SharedColors[1][0][3] = float4(Corners[index % 4], 0.0f, 1.0f);
    Histogram[index % 16] += 1;
    RunningTotal += SharedTile[index % (TILE * TILE)];
    float local[2][3] = { { 1.0f, 2.0f, 3.0f }, { 4.0f, 5.0f, 6.0f } };
    int sum = 0;
    for (uint y = 0; y < 3; ++y)
        for (uint x = 0; x < 3; ++x)
            sum += Kernel3x3[y][x];
    return RunningTotal + local[1][2] + (float)sum + Taps[1].weight +
           (float)Taps[0].offset.x + Exposure + (float)CallCount() +
           SharedColors[1][0][3].w + (float)SharedGrid[0][0];
}
