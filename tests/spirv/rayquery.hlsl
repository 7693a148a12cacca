// Inline ray tracing (RayQuery, SM 6.5) in SPIR-V, as DXC writes it for
// Vulkan: SPV_KHR_ray_query, a Function variable of OpTypeRayQueryKHR per
// query object, the acceleration structure a UniformConstant variable.
// RUN: %hlslc -T cs_6_5 -spirv -S %s | FileCheck %s
// RUN: %hlslc -T cs_6_5 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -T cs_6_5 -spirv -fspv-target-env=vulkan1.1spirv1.4 %s -o %t.14.spv && %spirv-val --target-env vulkan1.1spv1.4 %t.14.spv
// RUN: not %hlslc -T cs_6_5 -spirv -fspv-target-env=vulkan1.1 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPV13
// SPV13: error: inline ray tracing (RayQuery) before SPIR-V 1.4 has no SPIR-V mapping: SPV_KHR_ray_query needs SPIR-V 1.4
// RUN: %hlslc -T cs_6_5 -spirv -S -DRUNTIME_FLAGS %s | FileCheck %s --check-prefix=RUNTIME
// RUN: %hlslc -T cs_6_5 -spirv -DRUNTIME_FLAGS %s -o %t.r.spv && %spirv-val --target-env vulkan1.3 %t.r.spv
// RUN: not %hlslc -T cs_6_5 -spirv -DCHOSEN %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHOSEN
// CHOSEN: error: a resource or matrix chosen at run time has no SPIR-V mapping

// The template's flags ORed with a constant argument's; culling a whole kind
// of primitive needs RayTraversalPrimitiveCullingKHR.
// CHECK: OpCapability RayQueryKHR
// CHECK: OpCapability RayTraversalPrimitiveCullingKHR
// CHECK: OpExtension "SPV_KHR_ray_query"
// CHECK-DAG: OpDecorate %Scenes DescriptorSet 1
// CHECK-DAG: OpDecorate %Scenes Binding 2
// CHECK-DAG: %rayQueryKHR = OpTypeRayQueryKHR
// CHECK-DAG: %accelerationStructureKHR = OpTypeAccelerationStructureKHR
// CHECK-DAG: %Scenes = OpVariable %_ptr_UniformConstant__arr_accelerationStructureKHR_uint_2 UniformConstant
// CHECK: %rayQuery = OpVariable %_ptr_Function_rayQueryKHR Function
// CHECK: %[[P:[^ ]+]] = OpAccessChain %_ptr_UniformConstant_accelerationStructureKHR %Scenes %uint_1
// CHECK: %[[S:[^ ]+]] = OpLoad %accelerationStructureKHR %[[P]]
// CHECK: OpRayQueryInitializeKHR %rayQuery %[[S]] %uint_769 %uint_255
// CHECK: OpRayQueryProceedKHR %bool %rayQuery
// Candidate state is intersection 0, committed state intersection 1:
// CHECK: OpRayQueryGetIntersectionTypeKHR %uint %rayQuery %uint_0
// CHECK: OpRayQueryGetIntersectionInstanceIdKHR %uint %rayQuery %uint_0
// CHECK: OpRayQueryGetIntersectionInstanceCustomIndexKHR %uint %rayQuery %uint_0
// CHECK: OpRayQueryConfirmIntersectionKHR %rayQuery
// CHECK: %[[OPAQUE:[^ ]+]] = OpRayQueryGetIntersectionCandidateAABBOpaqueKHR %bool %rayQuery
// CHECK: OpLogicalNot %bool %[[OPAQUE]]
// CHECK: OpRayQueryGenerateIntersectionKHR %rayQuery
// CHECK: OpRayQueryTerminateKHR %rayQuery
// CHECK: OpRayQueryGetIntersectionTypeKHR %uint %rayQuery %uint_1
// A vector is read once per block, then taken apart:
// CHECK: %[[B:[^ ]+]] = OpRayQueryGetIntersectionBarycentricsKHR %v2float %rayQuery %uint_1
// CHECK: OpCompositeExtract %float %[[B]] 0
// CHECK-NOT: OpRayQueryGetIntersectionBarycentricsKHR
// CHECK: OpCompositeExtract %float %[[B]] 1
// The 3x4 element (row 2, column 3) is column 3, component 2 of SPIR-V's
// four columns of three; the 4x3 form's (3, 2) is the same element:
// CHECK: %[[M:[^ ]+]] = OpRayQueryGetIntersectionObjectToWorldKHR %mat4v3float %rayQuery %uint_1
// CHECK: OpCompositeExtract %float %[[M]] 3 2
// CHECK: %[[W:[^ ]+]] = OpRayQueryGetIntersectionWorldToObjectKHR %mat4v3float %rayQuery %uint_1
// CHECK: OpCompositeExtract %float %[[W]] 3 2
// CHECK: OpRayQueryGetWorldRayOriginKHR %v3float %rayQuery
// CHECK: OpRayQueryGetRayTMinKHR %float %rayQuery
// CHECK: OpRayQueryGetRayFlagsKHR %uint %rayQuery
// A query passed to helpers (inout and by value) is the same variable:
// CHECK: OpRayQueryInitializeKHR %rayQuery_1 %{{[^ ]+}} %uint_5
// CHECK: OpRayQueryProceedKHR %bool %rayQuery_1
// CHECK: OpRayQueryGetIntersectionTKHR %float %rayQuery_1 %uint_1

// A flag known only at run time is ORed in by the shader; no culling flag is
// known, so the capability is not asked for.
// RUNTIME-NOT: OpCapability RayTraversalPrimitiveCullingKHR
// RUNTIME: OpRayQueryInitializeKHR %rayQuery {{.*}}
// RUNTIME: %[[F:[^ ]+]] = OpBitwiseOr %uint %uint_1 %{{[^ ]+}}
// RUNTIME: OpRayQueryInitializeKHR %rayQuery_1 %{{[^ ]+}} %[[F]]

RaytracingAccelerationStructure Scenes[2] : register(t2, space1);
RWStructuredBuffer<float4> Out : register(u0);
cbuffer Params : register(b0) { uint RuntimeFlags; };

typedef RayQuery<RAY_FLAG_FORCE_OPAQUE | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES> OpaqueQuery;

void traceFrom(inout RayQuery<RAY_FLAG_FORCE_OPAQUE> q, RayDesc ray) {
  q.TraceRayInline(Scenes[0], RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH, 0xFF, ray);
  while (q.Proceed()) {}
}

float hitDistance(RayQuery<RAY_FLAG_FORCE_OPAQUE> q) {
  return q.CommittedStatus() == COMMITTED_TRIANGLE_HIT ? q.CommittedRayT() : -1.0;
}

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RayDesc ray;
  ray.Origin = float3(id.x, 0, 0);
  ray.TMin = 0.001;
  ray.Direction = float3(0, 0, 1);
  ray.TMax = 1000;
  float4 result = 0;
#ifdef RUNTIME_FLAGS
  RayQuery<RAY_FLAG_NONE> first;
  first.TraceRayInline(Scenes[1], RuntimeFlags, 0xFF, ray);
  first.Proceed();
  RayQuery<RAY_FLAG_FORCE_OPAQUE> second;
  second.TraceRayInline(Scenes[1], RuntimeFlags, 0xFF, ray);
  second.Proceed();
  result.x = first.CommittedRayT() + second.CommittedRayT();
#elif defined(CHOSEN)
  RayQuery<RAY_FLAG_NONE> a, b;
  a.TraceRayInline(Scenes[1], 0, 0xFF, ray);
  b.TraceRayInline(Scenes[0], 0, 0xFF, ray);
  RayQuery<RAY_FLAG_NONE> c = a;
  if (id.x > 3) c = b;
  c.Proceed();
  result.x = c.CommittedRayT();
#else
  OpaqueQuery q;
  q.TraceRayInline(Scenes[1], RAY_FLAG_SKIP_TRIANGLES, 0xFF, ray);
  while (q.Proceed()) {
    if (q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE) {
      if (q.CandidateInstanceIndex() != q.CandidateInstanceID())
        q.CommitNonOpaqueTriangleHit();
    } else if (q.CandidateProceduralPrimitiveNonOpaque()) {
      q.CommitProceduralPrimitiveHit(0.5);
    } else {
      q.Abort();
    }
  }
  if (q.CommittedStatus() == COMMITTED_TRIANGLE_HIT) {
    result.xy = q.CommittedTriangleBarycentrics();
    result.z = q.CommittedObjectToWorld3x4()[2][3];
    result.w = q.CommittedWorldToObject4x3()[3][2];
    result.x += q.WorldRayOrigin().y + q.RayTMin() + q.RayFlags();
  }
  RayQuery<RAY_FLAG_FORCE_OPAQUE> shadow;
  traceFrom(shadow, ray);
  result.w += hitDistance(shadow);
#endif
  Out[id.x] = result;
}
