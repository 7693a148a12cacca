// RUN: %hlslc -T lib_6_10 -fsyntax-only %s
// Enumerations: scoped (`enum class`) with explicit and implicit values, an
// explicit underlying type, a trailing comma, unscoped enums, and enumerators
// used in constant expressions, switches and comparisons.

enum class Channel {
    Red = 0,
    Green = 1,
    Blue = 2,
    Alpha = 3,
};

enum class Flags : uint {
    None = 0,
    Read = 1 << 0,
    Write = 1 << 1,
    ReadWrite = (1 << 0) | (1 << 1),
};

// Implicit values continue from the previous enumerator: Low=4, Mid=5, High=6.
enum class Level { Low = 4, Mid, High };

// An unscoped enum's enumerators are visible in the enclosing scope.
enum Filter { FilterPoint, FilterLinear = 10, FilterAniso };

namespace pipeline {
enum class Stage { Vertex = 1, Pixel = 2, Compute = 5 };
}

static const Channel DefaultChannel = Channel::Green;

uint ChannelIndex(Channel c) { return (uint)c; }

bool CanWrite(Flags f) { return ((uint)f & (uint)Flags::Write) != 0; }

float FilterWeight(Filter f) {
    switch (f) {
    case FilterPoint:
        return 0.0f;
    case FilterLinear:
        return 0.5f;
    default:
        return 1.0f;
    }
}

bool IsCompute(pipeline::Stage s) { return s == pipeline::Stage::Compute; }

uint Sum() {
    Level l = Level::High;
    Channel c = DefaultChannel;
    return (uint)l + ChannelIndex(c) + (uint)FilterAniso +
           (CanWrite(Flags::ReadWrite) ? 1u : 0u) +
           (IsCompute(pipeline::Stage::Pixel) ? 10u : 0u);
}
