// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// `vector` and `matrix` written without template arguments: HLSL defaults
// them to vector<float, 4> and matrix<float, 4, 4>; the bare names sit next
// to the ordinary template-ids here.

vector Scale(vector v, float s) { return v * s; }

float4 UseDefaults(float4 a) {
    vector v = a;
    matrix m = (matrix)1.0f;
    matrix<float, 4, 4> same = m;
    vector<float, 4> alsoSame = v;
    return mul(same, Scale(alsoSame, 2.0f));
}
