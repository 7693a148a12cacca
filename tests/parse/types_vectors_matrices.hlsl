// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Vector and matrix types: shorthand names (float4, half3, uint3, int2,
// bool4, double2, min16float4, float16_t2, ...), the vector<T, N> and
// matrix<T, R, C> templates, vectors and matrices of extent 1, and
// matrix-vector arithmetic through mul().

float4 Vectors(float4 a) {
    half3 h = (half3)a.xyz;
    uint3 u = uint3(1, 2, 3);
    int2 i = int2(-1, 1);
    bool4 b = a > 0.0f;
    double2 d = double2(1.0, 2.0);
    min16float4 mf = (min16float4)a;
    float16_t2 f16 = float16_t2(1.0h, 2.0h);
    uint64_t3 wide = uint64_t3(1, 2, 3);
    float1 single = float1(5.0f);
    vector<float, 3> t3 = a.xyz;
    vector<int, 2> ti = i;
    vector<half, 4> th = (vector<half, 4>)a;
    vector<bool, 2> tb = b.xy;
    return a + float4(h, (float)u.z) + float4(ti, 0, 0) +
           (float4)(vector<float, 4>)th + (tb.x ? 1.0f : 0.0f) +
           (float)d.y + (float4)mf + (float)f16.y + (float)wide.z +
           single.x + t3.z;
}

float4 Matrices(float4 v) {
    float4x4 m44 = (float4x4)1.0f;
    float3x3 m33 = (float3x3)m44;           // the upper-left 3x3
    float2x3 m23 = { 1, 2, 3, 4, 5, 6 };
    half2x2 h22 = (half2x2)0;
    int4x4 i44 = (int4x4)0;
    uint1x4 u14 = uint1x4(1, 2, 3, 4);
    matrix<float, 2, 3> t23 = m23;
    matrix<double, 4, 4> d44 = (matrix<double, 4, 4>)0;
    float4 r = mul(m44, v);
    float3 s = mul(m33, v.xyz);
    float3 t = mul(float2(1, 2), t23);
    return r + float4(s, 0.0f) + float4(t, 1.0f) + (float)h22._11 +
           (float)i44[0][0] + (float)u14._14 + (float)d44._44;
}
