// --reflect: groupshared memory, per variable and in total.  Each variable
// is sized as its elements lie in a structured buffer (every scalar its own
// size, structs aligned to their largest scalar, no 16-byte rows); only the
// variables the module allocates (those some code uses) count.
// RUN: %hlslc %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json

struct Pair { half a; float b; };

groupshared float4 Tiles[64];          // 1024
groupshared half Halves[10];           // 20
groupshared Pair Pairs[4];             // 8 each (half at 0, float at 4): 32
groupshared float3x3 Basis;            // 36
groupshared uint Unused[1024];         // never used: not allocated

RWStructuredBuffer<float> Out;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
  Tiles[id.x] = float4(1, 2, 3, 4);
  Halves[id.x % 10] = (half)id.x;
  Pairs[id.x % 4].b = 1;
  Basis[0][0] = 2;
  GroupMemoryBarrierWithGroupSync();
  Out[id.x] = Tiles[63 - id.x].x + Halves[0] + Pairs[1].b + Basis[0][0];
}

// CHECK:      "groupshared": {
// CHECK-NEXT:   "total_bytes": 1112,
// CHECK-NEXT:   "variables": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "Tiles",
// CHECK-NEXT:       "type": "float4[64]",
// CHECK-NEXT:       "bytes": 1024
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "Halves",
// CHECK-NEXT:       "type": "half[10]",
// CHECK-NEXT:       "bytes": 20
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "Pairs",
// CHECK-NEXT:       "type": "Pair[4]",
// CHECK-NEXT:       "bytes": 32
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "Basis",
// CHECK-NEXT:       "type": "float3x3",
// CHECK-NEXT:       "bytes": 36
// CHECK-NEXT:     }
// CHECK-NEXT:   ]
// CHECK-NEXT: },
