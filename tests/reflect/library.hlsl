// --reflect on a library: every compute entry point, and the resources of
// the whole module.
// RUN: %hlslc -T lib_6_8 %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json

RWStructuredBuffer<uint> Counts : register(u1, space1);

[shader("compute")]
[numthreads(64, 1, 1)]
void Clear(uint3 id : SV_DispatchThreadID) { Counts[id.x] = 0; }

[shader("compute")]
[numthreads(16, 16, 1)]
[WaveSize(32, 64)]
void Count(uint3 id : SV_DispatchThreadID) { InterlockedAdd(Counts[id.y], 1); }

uint Helper(uint x) { return x * 2; }

// CHECK:      "profile": "lib_6_8",
// CHECK-NEXT: "shader_model": "6.8",
// CHECK-NEXT: "entry_points": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "Clear",
// CHECK-NEXT:     "stage": "compute",
// CHECK-NEXT:     "numthreads": [64, 1, 1],
// CHECK-NEXT:     "threads_per_group": 64,
// CHECK-NEXT:     "wave_size": null
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "Count",
// CHECK-NEXT:     "stage": "compute",
// CHECK-NEXT:     "numthreads": [16, 16, 1],
// CHECK-NEXT:     "threads_per_group": 256,
// CHECK-NEXT:     "wave_size": {
// CHECK-NEXT:       "min": 32,
// CHECK-NEXT:       "max": 64,
// CHECK-NEXT:       "preferred": null
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: ],
// CHECK-NEXT: "resources": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "Counts",
// CHECK-NEXT:     "type": "RWStructuredBuffer<uint>",
// CHECK:          "register": "u1",
// CHECK-NEXT:     "space": 1,
