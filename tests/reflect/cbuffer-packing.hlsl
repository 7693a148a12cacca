// --reflect: constant buffer layouts as HLSL packs them (16-byte rows): a
// vector that would straddle a row starts the next one, array elements are
// 16 bytes apart, structs and matrices start a row, a struct's size ends
// after its last member (the next member may share its last row),
// packoffset places a member, 16-bit types take 2 bytes (SM 6.10).  Nested
// offsets count from the start of the buffer.
// RUN: %hlslc %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json

struct Light {
  float3 dir;      // 0
  float power;     // 12
  float2 size[2];  // 16, 32 (stride 16), size 24
};

cbuffer Frame : register(b0) {
  float a;          // 0
  float3 b;         // 4: fits the row after a
  float2 c;         // 16
  float3 d;         // 32: would straddle 24..36
  float e[3];       // 48: elements at 48, 64, 80; size 36
  half h;           // 84
  Light light;      // 96 (a new row): dir 96, power 108, size 112
  float after;      // 136: shares the struct's last row
  float4x3 colm;    // 144: column-major, a row per column (3), size 48
  row_major float4x3 rowm; // 192: 4 rows, size 60
  float2 packed : packoffset(c17); // 272
};

float loose;        // $Globals

[numthreads(1, 1, 1)]
void main() {}

// CHECK-LABEL: "name": "$Globals",
// CHECK:      "register": "b1",
// CHECK:      "size": 16,
// CHECK-NEXT: "members": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "name": "loose",
// CHECK-NEXT:     "type": "float",
// CHECK-NEXT:     "kind": "scalar",
// CHECK-NEXT:     "offset": 0,
// CHECK-NEXT:     "size": 4

// CHECK-LABEL: "name": "Frame",
// CHECK:      "size": 288,
// CHECK-NEXT: "members": [
// CHECK:        "name": "a",
// CHECK-NEXT:   "type": "float",
// CHECK-NEXT:   "kind": "scalar",
// CHECK-NEXT:   "offset": 0,
// CHECK-NEXT:   "size": 4
// CHECK:        "name": "b",
// CHECK-NEXT:   "type": "float3",
// CHECK-NEXT:   "kind": "vector",
// CHECK-NEXT:   "offset": 4,
// CHECK-NEXT:   "size": 12
// CHECK:        "name": "c",
// CHECK-NEXT:   "type": "float2",
// CHECK-NEXT:   "kind": "vector",
// CHECK-NEXT:   "offset": 16,
// CHECK-NEXT:   "size": 8
// CHECK:        "name": "d",
// CHECK-NEXT:   "type": "float3",
// CHECK-NEXT:   "kind": "vector",
// CHECK-NEXT:   "offset": 32,
// CHECK-NEXT:   "size": 12
// CHECK:        "name": "e",
// CHECK-NEXT:   "type": "float[3]",
// CHECK-NEXT:   "kind": "array",
// CHECK-NEXT:   "offset": 48,
// CHECK-NEXT:   "size": 36,
// CHECK-NEXT:   "elements": 3,
// CHECK-NEXT:   "stride": 16,
// CHECK-NEXT:   "element": {
// CHECK-NEXT:     "type": "float",
// CHECK-NEXT:     "kind": "scalar",
// CHECK-NEXT:     "offset": 48,
// CHECK-NEXT:     "size": 4
// CHECK-NEXT:   }
// CHECK:        "name": "h",
// CHECK-NEXT:   "type": "half",
// CHECK-NEXT:   "kind": "scalar",
// CHECK-NEXT:   "offset": 84,
// CHECK-NEXT:   "size": 2
// CHECK:        "name": "light",
// CHECK-NEXT:   "type": "Light",
// CHECK-NEXT:   "kind": "struct",
// CHECK-NEXT:   "offset": 96,
// CHECK-NEXT:   "size": 40,
// CHECK-NEXT:   "members": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "dir",
// CHECK-NEXT:       "type": "float3",
// CHECK-NEXT:       "kind": "vector",
// CHECK-NEXT:       "offset": 96,
// CHECK-NEXT:       "size": 12
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "power",
// CHECK-NEXT:       "type": "float",
// CHECK-NEXT:       "kind": "scalar",
// CHECK-NEXT:       "offset": 108,
// CHECK-NEXT:       "size": 4
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "name": "size",
// CHECK-NEXT:       "type": "float2[2]",
// CHECK-NEXT:       "kind": "array",
// CHECK-NEXT:       "offset": 112,
// CHECK-NEXT:       "size": 24,
// CHECK-NEXT:       "elements": 2,
// CHECK-NEXT:       "stride": 16,
// CHECK-NEXT:       "element": {
// CHECK-NEXT:         "type": "float2",
// CHECK-NEXT:         "kind": "vector",
// CHECK-NEXT:         "offset": 112,
// CHECK-NEXT:         "size": 8
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   ]
// CHECK:        "name": "after",
// CHECK-NEXT:   "type": "float",
// CHECK-NEXT:   "kind": "scalar",
// CHECK-NEXT:   "offset": 136,
// CHECK:        "name": "colm",
// CHECK-NEXT:   "type": "float4x3",
// CHECK-NEXT:   "kind": "matrix",
// CHECK-NEXT:   "offset": 144,
// CHECK-NEXT:   "size": 48,
// CHECK-NEXT:   "row_major": false
// CHECK:        "name": "rowm",
// CHECK-NEXT:   "type": "float4x3",
// CHECK-NEXT:   "kind": "matrix",
// CHECK-NEXT:   "offset": 192,
// CHECK-NEXT:   "size": 60,
// CHECK-NEXT:   "row_major": true
// CHECK:        "name": "packed",
// CHECK-NEXT:   "type": "float2",
// CHECK-NEXT:   "kind": "vector",
// CHECK-NEXT:   "offset": 272,
// CHECK-NEXT:   "size": 8
