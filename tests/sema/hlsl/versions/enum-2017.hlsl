// `enum` is HLSL 2017 and later, as in DXC (ParseDecl.cpp: "enum is
// unsupported in HLSL before 2017").
// RUN: %hlslc -T cs_6_8 -HV 2016 -fsyntax-only -verify=hv2016 %s
// RUN: %hlslc -T cs_6_8 -HV 2017 -verify=hv2017 %s

// hv2017-no-diagnostics
enum Channel { Red, Green, Blue }; // hv2016-error {{enum is unsupported in HLSL before 2017}}

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
#if __HLSL_VERSION >= 2017
  Out[0] = Blue;
#endif
}
