// Registers for resources declared without one: in declaration order, an
// unbounded array after every other register of its class and space, as
// DXC allocates it (kajiya's `Texture2D bindless_textures[];` declared
// before the pass's own textures took t1 onwards, and every texture after
// it a register past 2^32).  A resource that only the unbounded array's
// range leaves room for shares its first register: an overlap, an error
// only where the entry point uses both.
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -D CLASH %s -o %t.ll
// RUN: not %hlslc -T cs_6_8 -D CLASH -D USE_BOTH %s 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv
// RUN: %spirv-val --target-env vulkan1.3 %t.spv

// CHECK-DAG: !"sizes", i32 0, i32 0, i32 1,
// CHECK-DAG: !"textures", i32 0, i32 3, i32 -1,
// CHECK-DAG: !"albedo", i32 0, i32 1, i32 1,
// CHECK-DAG: !"normals", i32 0, i32 2, i32 1,
// BOTH: error: register t0 (space 1) of 'late' overlaps 'fixed'

StructuredBuffer<float4> sizes;
Texture2D textures[];
Texture2D<float4> albedo;
Texture2D<float4> normals;
SamplerState linear_clamp;
RWTexture2D<float4> output;
#ifdef CLASH
Texture2D fixed[] : register(t0, space1);
Texture2D late : register(space1);
#endif

[numthreads(8, 8, 1)] void main(uint2 px : SV_DispatchThreadID) {
  float2 uv = (px + 0.5) * sizes[0].zw;
  float4 c = textures[px.x % 4].SampleLevel(linear_clamp, uv, 0) + albedo[px] + normals[px];
#ifdef USE_BOTH
  c += fixed[1][px] + late[px];
#endif
  output[px] = c;
}
