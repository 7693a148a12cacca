// A resource subscript converts to its uint coordinates as an argument does,
// floats included (FidelityFX SPD: `imgDst[5][float3(tex, slice)]`), as in
// DXC: each component is converted (fptoui), no diagnostic.
// RUN: %hlslc -T cs_6_8 -verify %s -o %t.ll
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s

// expected-no-diagnostics
globallycoherent RWTexture2DArray<float4> MipDst[12] : register(u0);
Texture2D<float4> Source : register(t0);
RWStructuredBuffer<float> Weights : register(u12);

[numthreads(64, 1, 1)]
void main(uint3 group : SV_GroupID, uint index : SV_GroupIndex) {
  float2 tex = float2(group.xy * 8) + float2(index % 8, index / 8);
  float slice = group.z;
  // CHECK: fptoui float {{%"\.[0-9]+"}} to i32
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"
  float4 color = Source[tex];
  // CHECK: fptoui float {{%"\.[0-9]+"}} to i32
  // CHECK: call void @"dx.op.rawBufferStore.f32"
  Weights[tex.x] = color.a;
  // CHECK: fptoui float {{%"\.[0-9]+"}} to i32
  // CHECK: fptoui float {{%"\.[0-9]+"}} to i32
  // CHECK: fptoui float {{%"\.[0-9]+"}} to i32
  // CHECK: call void @"dx.op.textureStore.f32"(i32 67,
  MipDst[5][float3(tex, slice)] = color;
}
