// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Samplers: s registers (explicit, then the lowest free ones), handles of
// resource class 3 annotated as kind 14 (Sampler) with bit 15 for a
// comparison sampler, and `!dx.resources` sampler records `!{id, type,
// name, space, lower bound, range size, sampler kind (0 default, 1
// comparison), null}`.  A sampler can be an array element (indexed by a
// value), a function argument, a local, or a sampler heap descriptor.

Texture2D<float4> Tex : register(t0);
SamplerState Linear : register(s2);
SamplerComparisonState Shadow : register(s0, space1);
SamplerState Bank[4] : register(s4);
SamplerState Auto;
RWBuffer<float4> Out : register(u0);

float4 fetch(Texture2D<float4> t, SamplerState s, float2 uv) {
  return t.SampleLevel(s, uv, 0);
}

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // CHECK-DAG: [[LIN:%"Linear[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 2, i32 2, i32 0, i8 3}, i32 2, i1 0)
  // CHECK-DAG: [[SHB:%"Shadow[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 1, i8 3}, i32 0, i1 0)
  // CHECK-DAG: [[SH:%"Shadow[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[SHB]], %"dx.types.ResourceProperties" {i32 32782, i32 0})
  // CHECK-DAG: [[AUTO:%"Auto[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 0, i32 0, i8 3}, i32 0, i1 0)
  // CHECK-DAG: [[L:%"Linear[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[LIN]], %"dx.types.ResourceProperties" {i32 14, i32 0})
  float2 uv = float2(tid.xy) / 4.0;

  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleLevel.f32"(i32 62, %"dx.types.Handle" {{%"Tex[.0-9]*"}}, %"dx.types.Handle" [[L]],
  float4 c = fetch(Tex, Linear, uv);

  // CHECK: [[BANK:%"Bank[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 4, i32 7, i32 0, i8 3}, i32 [[I:%"\.[0-9]+"]], i1 0)
  // CHECK-NEXT: [[B:%"Bank[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[BANK]], %"dx.types.ResourceProperties" {i32 14, i32 0})
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleLevel.f32"(i32 62, %"dx.types.Handle" {{%"Tex[.0-9]*"}}, %"dx.types.Handle" [[B]],
  c += fetch(Tex, Bank[tid.x], uv);

  SamplerState local = Bank[2];
  c += Tex.SampleLevel(local, uv, 1);
  c += Tex.SampleLevel(Auto, uv, 1);

  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleCmpLevelZero.f32"(i32 65, %"dx.types.Handle" {{%"Tex[.0-9]*"}}, %"dx.types.Handle" [[SH]],
  // CHECK: [[HEAP:%"heap[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.createHandleFromHeap"(i32 218, i32 {{%"\.[0-9]+"}}, i1 1, i1 0)
  // CHECK-NEXT: [[H:%"heap[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" [[HEAP]], %"dx.types.ResourceProperties" {i32 14, i32 0})
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.sampleLevel.f32"(i32 62, %"dx.types.Handle" {{%"Tex[.0-9]*"}}, %"dx.types.Handle" [[H]],
  c += Tex.SampleCmpLevelZero(Shadow, uv, 0.5) + Tex.SampleLevel(SamplerDescriptorHeap[tid.y], uv, 0);
  SamplerState fromHeap = SamplerDescriptorHeap[7];
  c += Tex.SampleLevel(fromHeap, uv, 0);
  Out[tid.x] = c;
}

// CHECK-DAG: !{ i32 0, %"struct.SamplerState"* undef, !"Linear", i32 0, i32 2, i32 1, i32 0, null }
// CHECK-DAG: !{ i32 1, %"struct.SamplerComparisonState"* undef, !"Shadow", i32 1, i32 0, i32 1, i32 1, null }
// CHECK-DAG: !{ i32 2, %"struct.SamplerState"* undef, !"Bank", i32 0, i32 4, i32 4, i32 0, null }
// CHECK-DAG: !{ i32 3, %"struct.SamplerState"* undef, !"Auto", i32 0, i32 0, i32 1, i32 0, null }
// CHECK-DAG: !dx.resources = !{ [[RES:![0-9]+]] }
// CHECK-DAG: [[RES]] = !{ {{![0-9]+}}, {{![0-9]+}}, null, {{![0-9]+}} }
