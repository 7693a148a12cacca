// `unorm`/`snorm` before a typed resource's element type, a typedef's too
// (FidelityFX FSR2: `Texture2D<unorm FfxFloat32x2>`): the values are floats,
// and the resource's DXIL component type says how the format normalises
// them (UNormF32 14, SNormF32 13, UNormF16 12, ...), as DXC records it.
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s --check-prefix=HALF
// RUN: not %hlslc -T cs_6_8 -D WRONG %s 2>&1 | FileCheck %s --check-prefix=WRONG

typedef float2 FfxFloat32x2;
typedef half4 FfxFloat16x4;

Texture2D<unorm FfxFloat32x2> Motion : register(t0);
RWTexture2D<snorm float4> Normals : register(u0);
RWBuffer<unorm FfxFloat16x4> Colors : register(u1);
RWStructuredBuffer<float4> Out : register(u2);

// HALF-DAG: !"Colors", i32 0, i32 1, i32 1, i32 10, i1 0, i1 0, i1 0, [[UNORM16:![0-9]+]] }
// HALF-DAG: [[UNORM16]] = !{ i32 0, i32 12 }
// WRONG: error: 'unorm' applies to floating-point types, not 'uint'

#ifdef WRONG
Texture2D<unorm uint> Wrong;
#endif

[numthreads(8, 8, 1)]
void main(uint2 id : SV_DispatchThreadID) {
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"
  float2 motion = Motion.Load(int3(id, 0));
  Normals[id] = float4(motion, -motion);
  Colors[id.x] = (FfxFloat16x4)Out[id.y];
  Out[id.x] = float4(motion, 0, 1);
}

// CHECK-DAG: !"Motion", i32 0, i32 0, i32 1, i32 2, i32 0, [[UNORM32:![0-9]+]] }
// CHECK-DAG: [[UNORM32]] = !{ i32 0, i32 14 }
// CHECK-DAG: !"Normals", i32 0, i32 0, i32 1, i32 2, i1 0, i1 0, i1 0, [[SNORM32:![0-9]+]] }
// CHECK-DAG: [[SNORM32]] = !{ i32 0, i32 13 }
