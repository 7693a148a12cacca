// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// StructuredBuffer<T> elements: rawBufferLoad/rawBufferStore(handle, element
// index, byte offset in the element, mask, alignment), each member at its
// offset in the element (natural alignment, no row padding); a member, an
// array element or a component is read or written alone.  The handle is
// annotated with kind 12 and the element stride; the record carries the
// stride (tag 1).

struct Particle {
  float3 pos;     // 0
  uint   id;      // 12
  half2  uv;      // 16 (2-byte halves)
  float  w[2];    // 20, 24
  double mass;    // 32 (8-byte aligned)
};                // stride 40

StructuredBuffer<Particle> In : register(t0);
RWStructuredBuffer<Particle> Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // CHECK: [[IN:%"In[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"In", %"dx.types.ResourceProperties" {i32 12, i32 40})
  // CHECK: [[OUT:%"Out[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Out", %"dx.types.ResourceProperties" {i32 4108, i32 40})

  // A whole element: one access per member.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"(i32 139, %"dx.types.Handle" [[IN]], i32 [[I:%"\.[0-9]+"]], i32 0, i8 7, i32 4)
  // CHECK: call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" [[IN]], i32 [[I]], i32 12, i8 1, i32 4)
  // CHECK: call %"dx.types.ResRet.f16" @"dx.op.rawBufferLoad.f16"(i32 139, %"dx.types.Handle" [[IN]], i32 [[I]], i32 16, i8 3, i32 2)
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"(i32 139, %"dx.types.Handle" [[IN]], i32 [[I]], i32 20, i8 1, i32 4)
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"(i32 139, %"dx.types.Handle" [[IN]], i32 [[I]], i32 24, i8 1, i32 4)
  // CHECK: call %"dx.types.ResRet.f64" @"dx.op.rawBufferLoad.f64"(i32 139, %"dx.types.Handle" [[IN]], i32 [[I]], i32 32, i8 1, i32 8)
  Particle p = In[tid.x];

  // CHECK: call void @"dx.op.rawBufferStore.f32"(i32 140, %"dx.types.Handle" [[OUT]], i32 {{%"\.[0-9]+"}}, i32 0, float {{.*}}, float {{.*}}, float {{.*}}, float undef, i8 7, i32 4)
  // CHECK: call void @"dx.op.rawBufferStore.f64"(i32 140, %"dx.types.Handle" [[OUT]], i32 {{%"\.[0-9]+"}}, i32 32, double {{.*}}, double undef, double undef, double undef, i8 1, i32 8)
  Out[tid.x] = p;

  // One component of a member: its own offset, mask 1.
  // CHECK: call void @"dx.op.rawBufferStore.f32"(i32 140, %"dx.types.Handle" [[OUT]], i32 {{%"\.[0-9]+"}}, i32 4, float {{.*}}, float undef, float undef, float undef, i8 1, i32 4)
  Out[tid.x].pos.y = 2.0;

  // A variable array index inside the element: offset 20 + 4 * i.
  // CHECK: [[SCALED:%"\.[0-9]+"]] = mul i32 {{%"\.[0-9]+"}}, 4
  // CHECK-NEXT: [[OFF:%"\.[0-9]+"]] = add i32 [[SCALED]], 20
  // CHECK-NEXT: call %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"(i32 139, %"dx.types.Handle" [[IN]], i32 0, i32 [[OFF]], i8 1, i32 4)
  float w = In[0].w[tid.y];
  Out[0].w[1] = w;
}

// CHECK-DAG: [[STRIDE:![0-9]+]] = !{ i32 1, i32 40 }
// CHECK-DAG: !{ i32 0, %"struct.StructuredBuffer<Particle>"* undef, !"In", i32 0, i32 0, i32 1, i32 12, i32 0, [[STRIDE]] }
