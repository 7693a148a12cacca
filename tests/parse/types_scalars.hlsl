// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Every scalar type name: the classic ones, the sized ones, the
// minimum-precision ones, and `dword`; as locals, parameters, return types
// and cast targets.

bool AsBool(int x) { return x != 0; }

double Scalars(float input) {
    bool b = true;
    int i = -1;
    uint u = 1u;
    dword dw = 2u;
    half h = (half)input;
    float f = input;
    double d = (double)input;
    int16_t i16 = (int16_t)-3;
    uint16_t u16 = (uint16_t)3;
    int32_t i32 = -4;
    uint32_t u32 = 4u;
    int64_t i64 = -5;
    uint64_t u64 = 5u;
    float16_t f16 = (float16_t)0.5f;
    float32_t f32 = 0.25f;
    float64_t f64 = 0.125;
    min16float mf = (min16float)1.5f;
    min16int mi = (min16int)-2;
    min16uint mu = (min16uint)2;
    return (AsBool(i) ? 1.0 : 0.0) + (double)(b ? u : dw) + (double)h +
           (double)f + d + (double)i16 + (double)u16 + (double)i32 +
           (double)u32 + (double)i64 + (double)u64 + (double)f16 +
           (double)f32 + f64 + (double)mf + (double)mi + (double)mu;
}
