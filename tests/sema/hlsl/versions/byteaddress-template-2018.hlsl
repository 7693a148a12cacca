// Explicit template arguments on (RW)ByteAddressBuffer's Load and Store are
// HLSL 2018 and later, as in DXC (SemaHLSL.cpp).
// RUN: %hlslc -T cs_6_8 -HV 2017 -fsyntax-only -verify=hv2017 %s
// RUN: %hlslc -T cs_6_8 -HV 2018 %s | FileCheck %s

RWByteAddressBuffer Raw : register(u0);

[numthreads(1, 1, 1)]
void main() {
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"
  float2 value = Raw.Load<float2>(0); // hv2017-error {{Explicit template arguments on intrinsic Load requires HLSL version 2018 or above}}
  // CHECK: call void @"dx.op.rawBufferStore.f32"
  Raw.Store<float2>(8, value * 2); // hv2017-error {{Explicit template arguments on intrinsic Store requires HLSL version 2018 or above}}
  Raw.Store(16, Raw.Load(4));
}
