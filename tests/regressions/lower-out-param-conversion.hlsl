// Regressions found by mutation testing of the samples: each compiled to an
// internal compiler error before it was fixed.
// An `out` parameter of another type than its argument: HLSL copies out,
// converting (a bool out parameter into a float4 argument splats it).
// RUN: %hlslc -T cs_6_10 %s | FileCheck %s

RWByteAddressBuffer Out : register(u0);

void Flag(float x, out bool positive) { positive = x > 0.0f; }

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 v = 0;
  Flag(1.5f, v);            // v = (float4)positive
  uint i = 0;
  i += id;                  // a uint3 added to a uint: truncated back to uint
  half h = 70000.0h;        // beyond half's range: +inf, as the conversion gives
  Out.Store(0, asuint(v.x) + i + (uint)h);
}

// CHECK: define void @"main"()
// CHECK: store <4 x float>
// CHECK: store half 0x7ff0000000000000
