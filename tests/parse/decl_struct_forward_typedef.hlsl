// C-style struct declarations real headers use: a forward declaration
// (`struct GbufferData;`, HLSL 2016 and later, as in DXC), and a typedef of
// a struct, anonymous or tagged (`typedef struct { ... } CMP_BLOCK;`, the
// Compressonator headers), with several names and array declarators.
// RUN: %hlslc -T cs_6_8 %s -o %t.ll
// RUN: %hlslc -T cs_6_8 --ast-dump %s | FileCheck %s
// CHECK: EmptyDecl <{{.*}}decl_struct_forward_typedef.hlsl:[[@LINE+4]]:1>
// CHECK: StructDecl <{{.*}}> keyword='struct' '(anonymous struct at {{.*}}decl_struct_forward_typedef.hlsl:[[@LINE+6]]:9)'
// CHECK: TypedefDecl <{{.*}}> names=[CMP_di]
// CHECK: TypedefDecl <{{.*}}> names=[PairT, PairArray]
struct GbufferData;

typedef unsigned int CGU_UINT32;
typedef struct {
  CGU_UINT32 data;
  CGU_UINT32 index;
} CMP_di;
typedef struct Pair { float a; float b; } PairT, PairArray[2];

struct GbufferDataPacked {
  uint4 data0;
  GbufferData unpack();
};

struct GbufferData {
  float3 albedo;
  GbufferDataPacked pack() {
    GbufferDataPacked p;
    p.data0 = asuint(float4(albedo, 1));
    return p;
  }
};

GbufferData GbufferDataPacked::unpack() {
  GbufferData g;
  g.albedo = asfloat(data0.xyz);
  return g;
}

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  CMP_di d;
  d.data = 3;
  d.index = 4;
  PairArray pairs;
  pairs[1].a = 1;
  pairs[1].b = 2;
  Pair q = pairs[1];
  GbufferData g;
  g.albedo = float3(5, 6, 7);
  Out[0] = d.data + d.index + q.a + q.b + g.pack().unpack().albedo.y;
}
