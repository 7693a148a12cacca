// Declarations as real shaders write them: `typedef struct { ... } Name;`
// (compressonator), a struct declared before it is defined (kajiya's
// gbuffer), a local variable hiding a type of its name (Wicked's
// `float3 L1 = ...` beside `struct L1`), and a scalar shifted by a vector
// (`1 << (prec - 1)` in BC6H), which is a vector.
// RUN: %hlslc run %s --pipeline %S/declaration-forms.yaml | FileCheck %s
// CHECK: Results: pass

typedef struct { uint data; uint index; } CMP_di;
typedef struct Named { float x; } NamedAlias, NamedPair[2];

struct GbufferData;
struct GbufferDataPacked {
  uint4 data0;
  GbufferData unpack();
};
struct GbufferData {
  float3 albedo;
  static GbufferData zero() { GbufferData r; r.albedo = 0; return r; }
};
GbufferData GbufferDataPacked::unpack() {
  GbufferData r = GbufferData::zero();
  r.albedo = data0.xyz;
  return r;
}

namespace SH { struct L1 { float4 c; }; struct L0 { float c; }; }
template <typename T> struct Box { T v; };

RWStructuredBuffer<int> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  CMP_di a;
  a.data = 3;
  NamedAlias n;
  n.x = 2;
  NamedPair pair;
  pair[1].x = 4;
  GbufferDataPacked p;
  p.data0 = uint4(5, 6, 7, 8);
  Out[0] = a.data + n.x + pair[1].x + p.unpack().albedo.y;   // 15
  float3 L0 = float3(1, 2, 3);
  float3 L1 = float3(4, 6, 8), Box = 1;
  float3 Ld = L1 - L0;                                          // (3, 4, 5)
  Out[1] = Ld.z + (Box.x < L0.y ? 10 : 0);                     // 15
  {
    SH::L1 inner;                                               // qualified: still the type
    inner.c = 2;
    Out[2] = inner.c.x + L1.x;                                  // 6
  }
  uint3 prec = uint3(1, 2, 3);
  uint3 bits = 1 << (prec - 1);                                 // (1, 2, 4)
  int4 halves = 16 >> int4(1, 2, 3, 4);                         // (8, 4, 2, 1)
  Out[3] = bits.x + bits.y * 10 + bits.z * 100;                 // 421
  Out[4] = halves.x + halves.w * 10;                            // 18
}
