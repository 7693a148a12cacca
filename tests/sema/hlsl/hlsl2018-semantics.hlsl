// '&&', '||' and '?:' by language version: HLSL 2021 wants scalar operands
// and conditions (vectors use and/or/select), and its error says what
// earlier versions did; HLSL 2018 works element by element on vectors and
// matrices, and a vector or matrix condition must match the values' shape.
// RUN: %hlslc -T cs_6_8 -HV 2021 -fsyntax-only -verify=hv2021 %s
// RUN: %hlslc -T cs_6_8 -HV 2018 -fsyntax-only -verify=hv2018 %s

RWStructuredBuffer<float4> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  bool2 c = bool2(i > 1, i > 2);
  bool2 d = bool2(i > 0, i < 3);
  // hv2021-error@+2 {{operands of '&&' must be scalars in HLSL 2021 (use 'and'/'or' for vectors)}}
  // hv2021-note@+1 {{this was allowed before HLSL 2021, where '&&' works element by element on vectors and matrices; use and(), or compile with -HV 2018 to keep that rule}}
  bool2 e = c && d;
  // hv2021-error@+2 {{operands of '||' must be scalars in HLSL 2021 (use 'and'/'or' for vectors)}}
  // hv2021-note@+1 {{use or(), or compile with -HV 2018}}
  bool2 f = c || d;
  // hv2021-error@+2 {{value of type 'bool2' is not contextually convertible to 'bool'}}
  // hv2021-note@+1 {{this was allowed before HLSL 2021, where a vector condition chooses element by element; use select(), or compile with -HV 2018 to keep that rule}}
  float2 g = c ? float2(1, 2) : float2(3, 4);
  // hv2021-error@+3 {{value of type 'bool2' is not contextually convertible to 'bool'}}
  // hv2021-note@+2 {{where a vector condition chooses element by element}}
  // hv2018-error@+1 {{the condition 'bool2' chooses 2 elements, but the values are 'float3'}}
  float3 h = c ? float3(1, 2, 3) : 0;
  float2x2 m = float2x2(1, 2, 3, 4);
  // hv2021-error@+2 {{operands of '&&' must be scalars in HLSL 2021}}
  // hv2021-note@+1 {{where '&&' works element by element on vectors and matrices}}
  bool2x2 n = m && m;
  // hv2021-error@+2 {{value of type 'bool2x2' is not contextually convertible to 'bool'}}
  // hv2021-note@+1 {{this was allowed before HLSL 2021, where a matrix condition chooses element by element}}
  float2x2 p = (m > 2) ? m : -m;
  // hv2018-error@+2 {{the condition 'bool2x2' chooses 2x2 elements, but the values are 'float2x3'}}
  // hv2021-error@+1 {{value of type 'bool2x2' is not contextually convertible to 'bool'}} hv2021-note@+1 {{matrix condition}}
  float2x3 q = n ? float2x3(1, 2, 3, 4, 5, 6) : 0;
  Out[i] = float4(g, h.x, p._m00);
}
