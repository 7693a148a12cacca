// The fixed-size float suffixes f16/f32/f64 (either case) are HLSL 202x;
// earlier versions accept them with DXC's extension warning
// (SemaHLSL/v202x/conforming-literals/fixed-size-float-suffixes-legacy.hlsl),
// and f16 needs native 16-bit types.
// RUN: %hlslc -T cs_6_8 -HV 2021 -verify=hv2021 %s
// RUN: %hlslc -T cs_6_8 -HV 2018 -Wno-hlsl-202x-extensions -verify=quiet %s
// RUN: %hlslc -T cs_6_8 -HV 202x -verify=hv202x %s
// RUN: %hlslc -T cs_6_8 -HV 202x -D HALF -enable-16bit-types %s | FileCheck %s

// hv202x-no-diagnostics
// quiet-no-diagnostics
RWStructuredBuffer<float> Out : register(u0);
RWStructuredBuffer<double> Wide : register(u1);
RWStructuredBuffer<half> Narrow : register(u2);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = 1.5f32;     // hv2021-warning {{fixed-size floating-point literal suffix 'f32' is a HLSL 202x extension [-Whlsl-202x-extensions]}}
  Out[1] = 2.5e1F32;   // hv2021-warning {{fixed-size floating-point literal suffix 'F32' is a HLSL 202x extension}}
  Wide[0] = 0.1f64;    // hv2021-warning {{fixed-size floating-point literal suffix 'f64' is a HLSL 202x extension}}
#ifdef HALF
  // CHECK: call void @"dx.op.rawBufferStore.f16"({{.*}}, half 0x3ff8000000000000,
  Narrow[0] = 1.5f16;
#endif
}
