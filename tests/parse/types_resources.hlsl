// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Buffer resource types: ByteAddressBuffer, RWByteAddressBuffer,
// StructuredBuffer<T> and RWStructuredBuffer<T> over scalars, vectors,
// structs and template-instantiated structs; their methods and subscripts,
// and resources as function parameters.

struct Entry {
    uint key;
    float value;
};

template <typename T> struct Tagged {
    T payload;
    uint tag;
};

ByteAddressBuffer Raw : register(t0);
RWByteAddressBuffer RawOut : register(u0);
StructuredBuffer<uint> Keys : register(t1);
StructuredBuffer<float4> Colors : register(t2);
StructuredBuffer<Entry> Entries : register(t3);
StructuredBuffer<Tagged<float2> > TaggedPoints : register(t4);
RWStructuredBuffer<Entry> EntriesOut : register(u1);
RWStructuredBuffer<uint> KeysOut : register(u2);

uint Checksum(ByteAddressBuffer buf, uint words) {
    uint sum = 0;
    for (uint i = 0; i < words; ++i)
        sum ^= buf.Load(i * 4);
    return sum;
}

void CopyEntry(RWStructuredBuffer<Entry> dst, uint i, Entry e) { dst[i] = e; }

void UseResources(uint i) {
    uint4 four = Raw.Load4(16);
    uint2 two = Raw.Load2(8);
    uint three = RawOut.Load(0);
    RawOut.Store(0, four.x + two.y + three);
    RawOut.Store2(8, two);
    RawOut.Store4(16, four);
    uint count, stride;
    Entries.GetDimensions(count, stride);
    Entry e = Entries[i % count];
    e.value += Colors[i].r + TaggedPoints[i].payload.y;
    CopyEntry(EntriesOut, i, e);
    KeysOut[i] = Keys[i] + Checksum(Raw, 4);
    uint original;
    RawOut.InterlockedAdd(32, 1u, original);
}
