// A texture indexed by a float vector of its coordinates' size converts the
// vector to uint as DXC does (SPD: `imgDst[0][float3(tex, slice)] = v;`).
// RUN: %hlslc %s | FileCheck %s
// CHECK: fptoui float %{{.*}} to i32
// CHECK: call void @"dx.op.textureStore.f32"(i32 67,
// CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66,
// RUN: not %hlslc -fsyntax-only -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: 'Texture2D<float>' is indexed by a 'uint2', not 'float3'

RWTexture2DArray<float4> imgDst[2] : register(u0);
Texture2D<float> t : register(t0);
RWStructuredBuffer<float> o : register(u2);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 tex = id.xy;
  float slice = 1.7;
  imgDst[0][float3(tex, slice)] = 1;
  o[0] = t[float2(2.9, 1.2)];
#ifdef BAD
  o[1] = t[float3(1, 2, 3)];
#endif
}
