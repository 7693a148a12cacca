// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// User-defined class templates used as types: as variables, members, array
// elements, parameters, return types, template arguments of other templates
// and of resources, with member functions using the parameters.

template <typename T, uint N> struct RingBuffer {
    T items[N];
    uint head;

    void Push(T value) {
        items[head % N] = value;
        head++;
    }

    T Latest() { return items[(head + N - 1) % N]; }

    static uint Capacity() { return N; }
};

template <typename K, typename V> struct KeyValue {
    K key;
    V value;
};

template <typename T> struct Stats {
    T minimum;
    T maximum;

    void Include(T x) {
        minimum = min(minimum, x);
        maximum = max(maximum, x);
    }
};

struct Frame {
    RingBuffer<float, 8> history;
    Stats<float3> bounds;
};

StructuredBuffer<KeyValue<uint, float4> > Table : register(t0);

KeyValue<uint, float> MakePair(uint k, float v) {
    KeyValue<uint, float> kv;
    kv.key = k;
    kv.value = v;
    return kv;
}

float Summarise(RingBuffer<float, 8> ring) { return ring.Latest(); }

float UseUserTemplates(uint i) {
    Frame frame = (Frame)0;
    frame.history.Push(1.0f);
    frame.history.Push(2.0f);
    frame.bounds.Include(float3(1, 2, 3));
    RingBuffer<KeyValue<uint, float>, 4> pairs = (RingBuffer<KeyValue<uint, float>, 4>)0;
    pairs.Push(MakePair(i, 0.5f));
    Stats<int> counts[2];
    counts[1].minimum = 0;
    counts[1].maximum = 0;
    counts[1].Include(-3);
    return Summarise(frame.history) + frame.bounds.maximum.z +
           pairs.Latest().value + (float)counts[1].minimum +
           (float)RingBuffer<uint, 16>::Capacity() + Table[i].value.w;
}
