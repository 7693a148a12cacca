// Before HLSL 2021 (-HV 2018), '&&', '||' and '?:' evaluate both sides and
// work element by element on vectors: and/or/select instructions, no
// branches.  HLSL 2021 short-circuits scalars (branches) and rejects vectors
// (tests/sema/hlsl/hlsl2018-semantics.hlsl).
// RUN: %hlslc -T cs_6_8 -HV 2018 %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -HV 2021 -D SCALAR_ONLY %s | FileCheck %s --check-prefix=HV2021

RWStructuredBuffer<float4> Out : register(u0);
RWStructuredBuffer<uint> Flags : register(u1);

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  // HV2021: br i1 {{.*}}, label %"logic.rhs", label %"logic.end"
  // CHECK-NOT: logic.rhs
  // CHECK: [[A:%"\.[0-9]+"]] = and i1 {{%"\.[0-9]+"}}, {{%"\.[0-9]+"}}
  bool both = i > 1 && Flags[i] != 0;
#ifndef SCALAR_ONLY
  float2 v = float2(i, i + 1);
  bool2 c = v > 1.5;
  bool2 d = bool2(i & 1, i & 2);
  // CHECK: and <2 x i1>
  bool2 e = c && d;
  // CHECK: or <2 x i1>
  bool2 f = c || d;
  // A vector condition picks element by element; the scalar 3 is splatted.
  // CHECK: select <2 x i1> {{%"\.[0-9]+"}}, <2 x float> {{%"\.[0-9]+"}}, <2 x float> <float 0x4008000000000000, float 0x4008000000000000>
  float2 g = c ? v : 3;
  // CHECK: select i1 {{%"\.[0-9]+"}}, float 0x4000000000000000, float 0x4012000000000000
  float s = i > 1 ? 2 : 4.5;
  Out[i] = float4(e.x && f.y, g, s + both);
#else
  Out[i] = float4(both, 0, 0, 0);
#endif
}
