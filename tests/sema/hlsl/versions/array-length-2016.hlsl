// `array.Length`, FXC's element count of an array: HLSL 2016 and earlier
// (deprecated there), an error from 2017, as in DXC (SemaHLSL.cpp).
// RUN: %hlslc -T cs_6_8 -HV 2016 %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -HV 2016 -verify=hv2016 %s
// RUN: %hlslc -T cs_6_8 -HV 2017 -fsyntax-only -verify=hv2017 %s

RWStructuredBuffer<uint> Out : register(u0);

static const float4 Planes[6] = { (float4)0, (float4)0, (float4)0, (float4)0, (float4)0, (float4)1 };

struct Frustum {
  float4 planes[6];
};

[numthreads(1, 1, 1)]
void main() {
  float weights[] = { 1, 2, 3 };
  Frustum f;
  f.planes = Planes;
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 0, i32 0, i32 6,
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 1, i32 0, i32 3,
  // CHECK: call void @"dx.op.rawBufferStore.i32"({{.*}}, i32 2, i32 0, i32 6,
  Out[0] = Planes.Length;    // hv2016-warning {{Length is deprecated [-Wdeprecated-declarations]}} hv2017-error {{Length is only allowed for HLSL 2016 and lower.}}
  Out[1] = weights.Length;   // hv2016-warning {{Length is deprecated}} hv2017-error {{Length is only allowed for HLSL 2016 and lower.}}
  Out[2] = f.planes.Length;  // hv2016-warning {{Length is deprecated}} hv2017-error {{Length is only allowed for HLSL 2016 and lower.}}
}
