// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Local declarations: several declarators in one declaration (mixing plain,
// initialised and array declarators), const locals, and initialisers:
// scalars, constructor-style vectors, brace lists for vectors, arrays,
// structs and nested structs, flattened brace lists, and zero via a cast.

struct Vertex {
    float3 position;
    float2 uv;
};

struct Triangle {
    Vertex corners[3];
    uint material;
};

float UseDeclarations() {
    int a, b = 2, c[3];
    a = 1;
    c[0] = a; c[1] = b; c[2] = a + b;
    const float scale = 0.5f, offset = 1.0f;
    float3 p = float3(1.0f, 2.0f, 3.0f), q = p * scale, r;
    r = q + offset;
    float4 fromParts = float4(p.xy, 0.0f, 1.0f);
    float4 fromVector = float4(r, 1.0f);
    uint2 braced = { 3u, 4u };                  // brace list for a vector
    float arr[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
    int sized[] = { 5, 6, 7 };                  // size from the initialiser
    Vertex v = { float3(0, 1, 2), float2(0.5f, 0.5f) };
    Vertex w = { 0.0f, 1.0f, 2.0f, 0.5f, 0.5f }; // flattened members
    Triangle t = {
        { { float3(0, 0, 0), float2(0, 0) },
          { float3(1, 0, 0), float2(1, 0) },
          { float3(0, 1, 0), float2(0, 1) } },
        7u
    };
    Triangle zero = (Triangle)0;
    float2x2 m = { 1.0f, 0.0f, 0.0f, 1.0f };
    return (float)(a + b + c[2] + sized[2]) + fromParts.w + fromVector.z +
           (float)(braced.x + braced.y) + arr[3] + v.uv.x + w.position.z +
           t.corners[2].position.y + (float)t.material +
           zero.corners[0].uv.y + m._m11;
}
