// "implicit truncation of vector type" belongs to the conversion warning
// group, as in DXC: it carries the group's flag, -Wno-conversion silences
// every form of it (an initializer, an assignment, an operand of a binary
// operator, a function's argument, an intrinsic's argument), and
// -Wconversion after it turns it back on.  -Werror makes it an error only
// while the group is on.
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify=on %s
// RUN: %hlslc -T cs_6_8 -fsyntax-only -Wno-conversion -verify=off %s
// RUN: %hlslc -T cs_6_8 -fsyntax-only -Wno-conversion -Werror -verify=off %s
// RUN: %hlslc -T cs_6_8 -fsyntax-only -Wno-conversion -Wconversion -verify=on %s
// RUN: %hlslc -T cs_6_8 -Wno-conversion %s -o - | FileCheck %s
// CHECK: define void @"main"()
// off-no-diagnostics

RWStructuredBuffer<float2> Out : register(u0);

float Half(float2 v) { return v.x * 0.5; }

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 wide = float4(id.x, 1, 2, 3);
  float2 narrow = wide;         // on-warning {{implicit truncation of vector type from 'float4' to 'float2' [-Wconversion]}}
  narrow = wide * 2;            // on-warning {{implicit truncation of vector type from 'float4' to 'float2' [-Wconversion]}}
  float3 sum = narrow.xyy + wide; // on-warning {{implicit truncation of vector type [-Wconversion]}}
  float h = Half(sum);          // on-warning {{implicit truncation of vector type from 'float3' to 'float2' [-Wconversion]}}
  float d = dot(sum, wide);     // on-warning {{implicit truncation of vector type [-Wconversion]}}
  Out[id.x] = float2(h, d);
}
