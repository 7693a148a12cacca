// Names as real shaders use them: unscoped enumerators inside namespaces
// and structs where integers are expected (vector constructors,
// intrinsics, arithmetic, compound assignments, comparisons, array sizes,
// [numthreads]); a
// namespace and a variable or member of the same name (the name before
// `::` sees only namespaces and types, as in C++); nested namespaces
// reopened and searched outward; anonymous structs in declarations
// (`groupshared struct { ... } s[N];`, members, locals).
// RUN: %hlslc run %s --pipeline %S/names-enums-anonymous.yaml | FileCheck %s
// CHECK: Results: pass

namespace NS {
  struct Group { enum { Width = 4, Height = 2 }; };
  enum Kind { K0, K1 = 5 };
}
struct ReduceSumCS {
  struct ThreadGroup { enum Enum { Width = 4, Height = 1, Size = Width * Height }; };
};
namespace Normal {
  struct Parameters { float sigma; };
  static const float Scale = 2;
}
namespace A {
  namespace B { static const int x = 3; struct T { int v; }; }
  int twice(int v) { return v * 2; }
}
namespace A {
  static const int y = B::x + 1;                  // 4
  namespace C { static const int z = B::x + y; }  // 7
}
namespace A { namespace B { static const int w = y + C::z; } }  // 11

struct P { Normal::Parameters Normal; };
struct Outer { struct { float x; float y; } inner; float z; };

RWStructuredBuffer<int> Out : register(u0);
groupshared struct { float2 position; int density; } Shared[ReduceSumCS::ThreadGroup::Size];
static struct { int a; int b; } Pair = { 1, 2 };

[numthreads(ReduceSumCS::ThreadGroup::Width, ReduceSumCS::ThreadGroup::Height, 1)]
void main(uint i : SV_GroupIndex) {
  Shared[i].density = i * NS::Group::Height;
  GroupMemoryBarrierWithGroupSync();
  if (i != 0)
    return;
  uint2 size = uint2(NS::Group::Width, NS::K1);                      // (4, 5)
  int lanes[NS::Group::Height];
  lanes[1] = max(NS::Group::Width, 3) + (NS::K1 > 3 ? 10 : 0);     // 14
  Out[0] = size.x * 10 + size.y;                                   // 45
  Out[1] = lanes[1];
  Out[2] = NS::Group::Width * 2 + NS::Group::Height;               // 10
  Out[3] = (int3(1, 2, 3) * NS::Group::Height).z;                   // 6
  P p;
  p.Normal.sigma = 1;
  Normal::Parameters Normal;
  Normal.sigma = Normal::Scale;
  Normal::Parameters copy = Normal;
  Out[4] = p.Normal.sigma + copy.sigma;                            // 3
  A::B::T t;
  t.v = ::A::B::x + A::C::z + A::B::w;                             // 21
  Out[5] = t.v + A::twice(A::y);                                   // 29
  {
    using namespace A::B;
    Out[6] = x + w;                                                // 14
  }
  Outer o;
  o.inner.y = 2;
  struct { float2 p; int d; } local;
  local.d = Shared[3].density;                                     // 6
  Out[7] = o.inner.y + local.d + Pair.b;                           // 10
  uint scaled = 2;
  scaled *= NS::K1;                                                // compound assignment: 10
  scaled += NS::Group::Height;                                     // 12
  Out[8] = scaled;
}
