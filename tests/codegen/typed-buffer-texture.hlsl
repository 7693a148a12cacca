// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Typed buffers read and write whole elements with bufferLoad/bufferStore
// (index, undef); textures with textureLoad (mip 0 for an SRV, undef for a
// UAV) and textureStore, one coordinate per dimension.  The handles carry
// kind and the element's component type and count (F32 = 9, I32 = 4,
// U32 = 5; count << 8).

Buffer<float4> Src : register(t0);
RWBuffer<int> Dst : register(u0);
Texture2D<float> Tex : register(t1);
RWTexture2D<uint2> Img : register(u1);
RWTexture3D<float4> Vol : register(u2);

[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // CHECK-DAG: [[SRC:%"Src[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Src", %"dx.types.ResourceProperties" {i32 10, i32 1033})
  // CHECK-DAG: [[DST:%"Dst[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Dst", %"dx.types.ResourceProperties" {i32 4106, i32 260})
  // CHECK-DAG: [[TEX:%"Tex[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Tex", %"dx.types.ResourceProperties" {i32 2, i32 265})
  // CHECK-DAG: [[IMG:%"Img[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Img", %"dx.types.ResourceProperties" {i32 4098, i32 517})
  // CHECK-DAG: [[VOL:%"Vol[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Vol", %"dx.types.ResourceProperties" {i32 4100, i32 1033})

  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.bufferLoad.f32"(i32 68, %"dx.types.Handle" [[SRC]], i32 {{%"\.[0-9]+"}}, i32 undef)
  float4 v = Src[tid.x];
  // CHECK: call void @"dx.op.bufferStore.i32"(i32 69, %"dx.types.Handle" [[DST]], i32 {{%"\.[0-9]+"}}, i32 undef, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef, i8 1)
  Dst[tid.x] = (int)v.w;
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" [[TEX]], i32 0, i32 [[X:%"\.[0-9]+"]], i32 [[Y:%"\.[0-9]+"]], i32 undef, i32 undef, i32 undef, i32 undef)
  float t = Tex[tid.xy];
  // CHECK: call void @"dx.op.textureStore.i32"(i32 67, %"dx.types.Handle" [[IMG]], i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i8 3)
  Img[tid.xy] = uint2(1, 2);
  // A component of a typed element is written with the whole element.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.textureLoad.f32"(i32 66, %"dx.types.Handle" [[VOL]], i32 undef, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 undef, i32 undef, i32 undef)
  // CHECK: call void @"dx.op.textureStore.f32"(i32 67, %"dx.types.Handle" [[VOL]], {{.*}}, i8 15)
  Vol[tid].y = t;
}

// Records: SRVs carry the component type (tag 0), UAVs too.
// CHECK-DAG: !{ i32 0, %"struct.Buffer<float4>"* undef, !"Src", i32 0, i32 0, i32 1, i32 10, i32 0, [[F32:![0-9]+]] }
// CHECK-DAG: [[F32]] = !{ i32 0, i32 9 }
// CHECK-DAG: !{ i32 1, %"struct.Texture2D<float>"* undef, !"Tex", i32 0, i32 1, i32 1, i32 2, i32 0, [[F32]] }
// CHECK-DAG: !{ i32 1, %"struct.RWTexture2D<uint2>"* undef, !"Img", i32 0, i32 1, i32 1, i32 2, i1 0, i1 0, i1 0, [[U32:![0-9]+]] }
// CHECK-DAG: [[U32]] = !{ i32 0, i32 5 }
