// A component of a constant vector is a constant: `W.x`, `W[2]`, `W.b` of
// `static const uint3 W = uint3(...)` size arrays, give numthreads its
// counts and label switch cases, as cross-compilers write a workgroup size
// once and use it everywhere.  The vector may be built from a splat, a
// cast, another constant vector's swizzle, or an initializer list.
// RUN: %hlslc run %s --pipeline %S/constant-vector-components.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify=bad %s

static const uint3 W = uint3(4u, 1u, 1u);
static const uint2 Pair = W.zx * 3;          // not a constructor: not followed
static const int4 Mixed = int4(W.yx, 7, -2);
static const uint3 Splat = (uint3)5;
static const uint2 Listed = { 6, 9 };

groupshared uint Shared[W.x * Mixed.z];       // 4 * 7
static uint Local[Splat.y + Listed[1]];      // 14

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(W.x, W.y, W[2])]
void main(uint i : SV_GroupIndex) {
  Shared[i] = i;
  GroupMemoryBarrierWithGroupSync();
  uint r = 0;
  switch (i) {
    case Mixed.y: r = 100; break;              // W.x = 4: never
    case W.b - 1: r = 200; break;              // 0
    case Listed.x - 3: r = 300; break;         // 3
    default: r = Shared[(i + 1) % W.x];
  }
  Out[i] = r + sizeof(Local) / 4 * 1000 + sizeof(Shared) / 4 * 100000 + (uint)(Mixed.w * -1) * 10000000;
#ifdef BAD
  static uint3 V = uint3(1, 2, 3);
  uint notConstant[V.x]; // bad-error {{expression is not an integral constant expression}}
  uint wrongShape[Pair.y]; // bad-error {{expression is not an integral constant expression}}
  uint beyond[W[3]]; // bad-error {{expression is not an integral constant expression}}
#endif
}
