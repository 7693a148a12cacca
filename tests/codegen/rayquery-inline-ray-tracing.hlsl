// Inline ray tracing (SM 6.5) in a compute shader, lowered as DXC lowers
// it: the acceleration structure is an SRV of kind RTAccelerationStructure
// (16); `RayQuery<FLAGS> q;` is an AllocateRayQuery with its flags; the
// methods are RayQuery operations on that i32, RayDesc's members going to
// TraceRayInline as eight floats; vectors are read one component at a
// time and a 3x4 transform one element at a time (a 4x3 one transposed).
// RUN: %hlslc -T cs_6_5 %s | FileCheck %s
// CHECK: %[[Q:[^ ]+]] = call i32 @"dx.op.allocateRayQuery"(i32 178, i32 5)
// CHECK: call void @"dx.op.rayQuery_TraceRayInline"(i32 179, i32 %[[Q]], %"dx.types.Handle" %"Scene", i32 %{{[^,]+}}, i32 255, float %{{[^,]+}}, float %{{[^,]+}}, float %{{[^,]+}}, float %{{[^,]+}}, float %{{[^,]+}}, float %{{[^,]+}}, float %{{[^,]+}}, float %{{[^,]+}})
// CHECK: call i1 @"dx.op.rayQuery_Proceed.i1"(i32 180, i32 %[[Q]])
// CHECK: call i32 @"dx.op.rayQuery_StateScalar.i32"(i32 185, i32 %[[Q]])
// CHECK: call i32 @"dx.op.rayQuery_StateScalar.i32"(i32 184, i32 %[[Q]])
// CHECK: call i1 @"dx.op.rayQuery_StateScalar.i1"(i32 191, i32 %[[Q]])
// CHECK: call float @"dx.op.rayQuery_StateScalar.f32"(i32 199, i32 %[[Q]])
// CHECK: call void @"dx.op.rayQuery_CommitNonOpaqueTriangleHit"(i32 182, i32 %[[Q]])
// CHECK: call void @"dx.op.rayQuery_CommitProceduralPrimitiveHit"(i32 183, i32 %[[Q]], float 0x3fe0000000000000)
// CHECK: call void @"dx.op.rayQuery_Abort"(i32 181, i32 %[[Q]])
// CHECK: call float @"dx.op.rayQuery_StateVector.f32"(i32 194, i32 %[[Q]], i8 0)
// CHECK: call float @"dx.op.rayQuery_StateVector.f32"(i32 194, i32 %[[Q]], i8 1)
// CHECK: call float @"dx.op.rayQuery_StateVector.f32"(i32 211, i32 %[[Q]], i8 2)
// CHECK: call float @"dx.op.rayQuery_StateMatrix.f32"(i32 188, i32 %[[Q]], i32 2, i8 3)
// The 4x3 form's element (3, 2) is the 3x4's (2, 3):
// CHECK: call float @"dx.op.rayQuery_StateMatrix.f32"(i32 189, i32 %[[Q]], i32 2, i8 3)
// CHECK: call i32 @"dx.op.rayQuery_StateScalar.i32"(i32 208, i32 %[[Q]])
// CHECK: !{ i32 0, %"struct.RaytracingAccelerationStructure"* undef, !"Scene", i32 0, i32 3, i32 1, i32 16, i32 0, null }
// RUN: %hlslc -T cs_6_6 %s | FileCheck %s --check-prefix=SM66
// SM66: call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Scene", %"dx.types.ResourceProperties" {i32 16, i32 0})
// RUN: not %hlslc -T cs_6_4 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM64
// SM64: error: inline ray tracing ('RayQuery<5>') needs shader model 6.5 or later (the target is 6.4)
// SPIR-V's form is SPV_KHR_ray_query (tests/spirv/rayquery.hlsl):
// RUN: %hlslc -T cs_6_5 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -T cs_6_9 -DMICROMAPS -spirv -S %s | FileCheck %s --check-prefix=OMMSPV
// RUN: %hlslc -T cs_6_9 -DMICROMAPS -spirv %s -o %t.omm.spv && %spirv-val --target-env vulkan1.3 %t.omm.spv
// OMMSPV: OpCapability RayTracingOpacityMicromapEXT
// OMMSPV: OpExtension "SPV_EXT_opacity_micromap"
// OMMSPV: OpRayQueryInitializeKHR %rayQuery_1 %{{[^ ]+}} %uint_1024
// A second template argument other than 0 (SM 6.9's opacity micromaps)
// allocates with AllocateRayQuery2:
// RUN: %hlslc -T cs_6_9 -DMICROMAPS %s | FileCheck %s --check-prefix=OMM
// OMM: call i32 @"dx.op.allocateRayQuery2"(i32 258, i32 1024, i32 1)
// RUN: not %hlslc -T cs_6_8 -DMICROMAPS %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OMM68
// OMM68: error: 'RayQuery<1024, 1>': a RayQuery's second template argument (RAYQUERY_FLAG_*) needs shader model 6.9 or later (the target is 6.8)

RaytracingAccelerationStructure Scene : register(t3);
RWStructuredBuffer<float4> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RayQuery<RAY_FLAG_FORCE_OPAQUE | RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH> q;
  RayDesc ray;
  ray.Origin = float3(id.x, 0, 0);
  ray.TMin = 0.001;
  ray.Direction = normalize(float3(0, id.y, 1));
  ray.TMax = 1000;
  q.TraceRayInline(Scene, id.z, 0xFF, ray);
  while (q.Proceed()) {
    if (q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE) {
      if (q.CandidateTriangleFrontFace())
        q.CommitNonOpaqueTriangleHit();
    } else if (q.CandidateTriangleRayT() > 2) {
      q.CommitProceduralPrimitiveHit(0.5);
    } else {
      q.Abort();
    }
  }
  float4 result = 0;
  if (q.CommittedStatus() == COMMITTED_TRIANGLE_HIT) {
    result.xy = q.CommittedTriangleBarycentrics();
    result.z = q.CommittedObjectRayOrigin().z;
    result.w = q.CommittedObjectToWorld3x4()[2][3] + q.CommittedWorldToObject4x3()[3][2];
    result.x += q.CommittedInstanceID();
  }
#ifdef MICROMAPS
  RayQuery<RAY_FLAG_FORCE_OMM_2_STATE, RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS> withMicromaps;
  withMicromaps.TraceRayInline(Scene, RAY_FLAG_NONE, 0xFF, ray);
  withMicromaps.Proceed();
  result.w += withMicromaps.CommittedRayT();
#endif
  Out[id.x] = result;
}
