// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// sizeof applied to scalar, vector, matrix, array, struct and template
// parameter types and to expressions, and used in constant expressions
// (array bounds, template arguments, default arguments).

struct Record {
    float4 a;
    uint b;
};

template <typename T> uint BytesOf() { return sizeof(T); }

template <typename T, uint Size = sizeof(T)> struct Storage {
    static const uint Bytes = Size;
};

static const uint RecordWords = sizeof(Record) / 4;
static float Scratch[sizeof(float4)];

uint Stride(uint count, uint elementSize = sizeof(float)) {
    return count * elementSize;
}

uint UseSizeof() {
    float3 v = float3(0, 0, 0);
    uint arr[5];
    return sizeof(int) + sizeof(half) + sizeof(double) + sizeof(uint2) +
           sizeof(float4x4) + sizeof(Record) + sizeof(v) + sizeof(arr) +
           sizeof(v) + BytesOf<int64_t>() + Storage<float2>::Bytes +
           Storage<int, 12>::Bytes + RecordWords + Stride(3) +
           Stride(3, sizeof(double));
}
