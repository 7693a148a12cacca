// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Postfix expressions: member access (chained, through array elements and
// call results), vector swizzles in xyzw and rgba sets (read, write,
// repeated components on read, swizzle of a swizzle, swizzle of a literal
// constructor), scalar swizzles, matrix element access, and indexing of
// arrays, vectors, matrices and buffers.

struct Inner {
    float4 value;
    float weights[3];
};

struct Outer {
    Inner items[2];
    Inner single;
};

StructuredBuffer<Outer> Data : register(t0);

Inner MakeInner(float x) {
    Inner r = (Inner)0;
    r.value = float4(x, x, x, x);
    return r;
}

float UsePostfix(uint i, float4 v) {
    Outer o = Data[i];
    float a = o.items[1].value.y;
    float b = o.single.weights[2];
    float c = MakeInner(2.0f).value.w;
    float d = Data[i + 1].items[0].weights[i % 3];
    float3 xyz = v.xyz;
    float4 bgra = v.bgra;
    float2 repeated = v.xx;
    float4 spread = v.wzyx.xxyy;
    float3 rgb = v.rgb;
    float alpha = v.a;
    float4 built = float3(1, 2, 3).zyxz;
    float s = 5.0f;
    float2 fromScalar = s.xx;             // a scalar has one component, x
    float4 w = v;
    w.xy = float2(0.0f, 1.0f);
    w.ba = w.rg;
    w.z = 3.0f;
    float4x4 m = (float4x4)0;
    m._11 = 1.0f;
    m._m33 = 1.0f;
    float2 diag = m._11_22;
    float4 row = m[2];
    float elem = m[1][2];
    float comp = v[3];
    uint4 ids = uint4(0, 1, 2, 3);
    uint picked = ids[ids[1]];
    return a + b + c + d + xyz.z + bgra.x + repeated.y + spread.w + rgb.g +
           alpha + built.w + fromScalar.y + w.x + diag.y + row.x + elem +
           comp + (float)picked;
}
