// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Casts: C-style casts to scalars, vectors (by keyword and by template),
// matrices, structs and aliases, casts of literal zero to aggregate types,
// functional (constructor-style) casts, and casts whose operand is itself a
// parenthesised expression, a cast, or a call.

struct Payload {
    float4 color;
    uint flags;
};

typedef float3 Normal;

float Half(float x) { return x * 0.5f; }

float UseCasts(int i, float x, uint u) {
    float f = (float)i;
    int n = (int)x;
    uint v = (uint)-1;
    half h = (half)x;
    double d = (double)(x * 2.0f);
    bool b = (bool)u;
    int chained = (int)(uint)(float)x;
    float fromCall = (float)(int)Half(x);
    float4 splat = (float4)x;                         // scalar to vector
    float3 truncated = (float3)splat;                 // vector narrowing
    vector<half, 32> wide = (vector<half, 32>)0;      // template vector type
    vector<float, 4> viaTemplate = (vector<float, 4>)splat;
    Normal nrm = (Normal)truncated;
    float4x4 identityish = (float4x4)1.0f;
    matrix<float, 2, 3> m23 = (matrix<float, 2, 3>)0;
    Payload zeroPayload = (Payload)0;
    // Functional casts and vector constructors.
    float3 ctor = float3(1, 2, 3);
    float4 mixed = float4(ctor.xy, 0.0f, f);
    uint2 pair = uint2(u, 7);
    int fromFloat = int(x);
    float g = float(n) + float(u);
    return f + (float)n + (float)v + (float)h + (float)d + (b ? 1.0f : 0.0f) +
           (float)chained + fromCall + truncated.z + (float)wide[31] +
           viaTemplate.w + nrm.y + identityish._11 + m23._m12 +
           zeroPayload.color.x + mixed.w + (float)pair.y + (float)fromFloat + g;
}
