// '&&', '||' and '?:' by language version: HLSL 2021 wants scalar operands
// and conditions (vectors use and/or/select); HLSL 2018 works element by
// element, and a vector condition must match the values' length.
// RUN: %hlslc -T cs_6_8 -HV 2021 -fsyntax-only -verify=hv2021 %s
// RUN: %hlslc -T cs_6_8 -HV 2018 -fsyntax-only -verify=hv2018 %s

RWStructuredBuffer<float4> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  bool2 c = bool2(i > 1, i > 2);
  bool2 d = bool2(i > 0, i < 3);
  bool2 e = c && d; // hv2021-error {{operands of '&&' must be scalars in HLSL 2021 (use 'and'/'or' for vectors)}}
  bool2 f = c || d; // hv2021-error {{operands of '||' must be scalars in HLSL 2021 (use 'and'/'or' for vectors)}}
  float2 g = c ? float2(1, 2) : float2(3, 4); // hv2021-error {{value of type 'bool2' is not contextually convertible to 'bool'}}
  float3 h = c ? float3(1, 2, 3) : 0; // hv2021-error {{value of type 'bool2' is not contextually convertible to 'bool'}} hv2018-error {{the condition 'bool2' chooses 2 elements, but the values are 'float3'}}
  float2x2 m = float2x2(1, 2, 3, 4);
  bool2x2 n = m && m; // hv2021-error {{operands of '&&' must be scalars in HLSL 2021 (use 'and'/'or' for vectors)}} hv2018-error {{invalid operands to binary expression ('float2x2' and 'float2x2'): '&&' takes scalars or vectors}}
  Out[i] = float4(g, h.x, 0);
}
