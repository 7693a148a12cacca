// A floating-point subscript of an array, vector, matrix or groupshared
// array converts to uint (truncating), as DXC converts it
// (WickedEngine: `clipmaps[floor(lod)]`).
// RUN: %hlslc run %s --pipeline %S/float-subscripts.yaml | FileCheck %s
// CHECK: Picked: pass

struct ClipMap { float4 center; };
cbuffer Frame : register(b0) { ClipMap ClipMaps[4]; float Lod; };
groupshared float Shared[4];
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  float index = floor(Lod);                 // 2.0
  float weights[3] = { 10, 20, 30 };
  float4 v = float4(5, 6, 7, 8);
  float2x2 m = float2x2(1, 2, 3, 4);
  Shared[i] = i * 100;
  GroupMemoryBarrierWithGroupSync();
  Out[i] = ClipMaps[index].center + float4(weights[frac(Lod) * 2], v[index + 1.5], m[index - 1.0].y,
                                           Shared[(i + 0.75)]);
}
