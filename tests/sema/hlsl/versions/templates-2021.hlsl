// Templates are HLSL 2021 and later: before, 'template' is a reserved
// keyword, as in DXC (HLSLFileCheck/hlsl/compile_options/enable_templates.hlsl).
// RUN: %hlslc -T cs_6_8 -HV 2018 -fsyntax-only -verify=hv2018 %s
// RUN: %hlslc -T cs_6_8 -HV 2021 -verify=hv2021 %s

// hv2021-no-diagnostics
template <typename T> // hv2018-error {{'template' is a reserved keyword in HLSL}} hv2018-note {{templates are HLSL 2021 and later; the language version is 2018 (-HV)}}
T Twice(T value) {
  return value * 2;
}

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
#if __HLSL_VERSION >= 2021
  Out[0] = Twice(21u);
#endif
}
