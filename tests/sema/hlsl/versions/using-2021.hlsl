// `using` (directives and aliases) is an HLSL 2021 feature; earlier versions
// accept it with DXC's warning (HLSLFileCheck/hlsl/diagnostics/warnings/using.hlsl).
// RUN: %hlslc -T cs_6_8 -HV 2018 -verify=hv2018 %s
// RUN: %hlslc -T cs_6_8 -HV 2021 -verify=hv2021 %s

// hv2021-no-diagnostics
namespace Filter {
  using Weight = float; // hv2018-warning {{keyword 'using' is a HLSL 2021 feature, and is available in older versions as a non-portable extension.}}
  static const Weight Center = 0.5;
}

using namespace Filter; // hv2018-warning {{keyword 'using' is a HLSL 2021 feature}}
using Pixel = float4;   // hv2018-warning {{keyword 'using' is a HLSL 2021 feature}}

RWStructuredBuffer<Pixel> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  using namespace Filter; // hv2018-warning {{keyword 'using' is a HLSL 2021 feature}}
  Out[0] = Center;
}
