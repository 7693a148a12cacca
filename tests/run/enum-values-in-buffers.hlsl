// Values of enum type in buffer memory: stored and loaded as their integer
// (ByteAddressBuffer Store/Load<E>, a structured buffer of enums, an enum
// member of a struct in a buffer).  `Store` of an enum value was an
// internal compiler error (NVIDIA's OMM SDK stores an `enum class : int`).
// RUN: %hlslc run %s --pipeline %S/enum-values-in-buffers.yaml | FileCheck %s
// CHECK: Raw: pass
// CHECK: Typed: pass

enum class SpecialIndex : int { FullyTransparent = -1, FullyOpaque = -2 };
enum Kind { KindA = 3, KindB = 5 };
struct Tagged { Kind kind; uint value; };

RWByteAddressBuffer Raw : register(u0);
RWStructuredBuffer<Kind> Kinds : register(u1);
RWStructuredBuffer<Tagged> Tags : register(u2);

[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  SpecialIndex s = SpecialIndex::FullyOpaque;
  Raw.Store(4 * tid.x, s);
  Raw.Store(4, SpecialIndex::FullyTransparent);
  SpecialIndex back = Raw.Load<SpecialIndex>(0);
  Raw.Store(8, back == SpecialIndex::FullyOpaque ? 1u : 0u);
  Kinds[1] = Kinds[0] == KindA ? KindB : KindA;
  Tagged t = Tags[0];
  t.kind = KindB;
  Tags[1] = t;
}
