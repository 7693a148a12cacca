// The fixed-width scalar types are HLSL 2018 and later (DXC's
// HLSLFileCheck/hlsl/diagnostics/errors/fixedWidth.hlsl); int64_t and
// uint64_t are older.  -enable-16bit-types needs 2018 too.
// RUN: %hlslc -T cs_6_8 -HV 2017 -fsyntax-only -verify=hv2017 %s
// RUN: %hlslc -T cs_6_8 -HV 2018 -enable-16bit-types -verify=hv2018 %s
// RUN: not %hlslc -T cs_6_8 -HV 2017 -enable-16bit-types %s 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: hlslc: error: -enable-16bit-types needs HLSL 2018 or later, as in DXC; the language version is 2017 (-HV)

// hv2018-no-diagnostics
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  int16_t i0 = 1;     // hv2017-error {{unknown type name 'int16_t'}} hv2017-note {{the fixed-width types}}
  int32_t i1 = 2;     // hv2017-error {{unknown type name 'int32_t'}} hv2017-note {{the fixed-width types}}
  uint16_t i2 = 3;    // hv2017-error {{unknown type name 'uint16_t'}} hv2017-note {{the fixed-width types}}
  uint32_t i3 = 4;    // hv2017-error {{unknown type name 'uint32_t'}} hv2017-note {{the fixed-width types}}
  float16_t f0 = 5;   // hv2017-error {{unknown type name 'float16_t'}} hv2017-note {{the fixed-width types}}
  float32_t2 f1 = 6;  // hv2017-error {{unknown type name 'float32_t2'}} hv2017-note {{the fixed-width types}}
  float64_t f2 = 7;   // hv2017-error {{unknown type name 'float64_t'}} hv2017-note {{the fixed-width types}}
  int64_t i4 = 8;
  uint64_t i5 = 9;
  Out[0] = i4 + i5;
#if __HLSL_VERSION >= 2018
  Out[1] = i0 + i1 + i2 + i3 + f0 + f1.y + (float)f2;
#endif
}
