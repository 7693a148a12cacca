// Arrays of ray queries and `RayQuery<F>()`, as DXC takes them: a local
// array gets a query object per element when it is declared (before, its
// elements were never allocated), `RayQuery<F>()` is a new query, and an
// element chosen at run time is read from the array.  SPIR-V keeps each
// element in its own variable; one chosen at run time has no form there.
// RUN: %hlslc -T cs_6_5 %s | FileCheck %s
// RUN: %hlslc -T cs_6_5 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -T cs_6_5 -spirv -S %s | FileCheck %s --check-prefix=SPV
// RUN: %hlslc -T cs_6_5 -DDYNAMIC %s | FileCheck %s --check-prefix=DYN
// RUN: not %hlslc -T cs_6_5 -spirv -DDYNAMIC %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DYNSPV
// RUN: %hlslc -T cs_6_5 -fsyntax-only -DSTATIC -verify=static %s

// CHECK: %[[ARRAY:[^ ]+]] = alloca [2 x [3 x i32]]
// CHECK-COUNT-6: call i32 @"dx.op.allocateRayQuery"(i32 178, i32 513)
// CHECK: %[[NEW:[^ ]+]] = call i32 @"dx.op.allocateRayQuery"(i32 178, i32 1)
// CHECK: store i32 %[[NEW]], i32* %"fresh"
// CHECK: call void @"dx.op.rayQuery_TraceRayInline"(i32 179, i32 %{{[^,]+}},
// SPV-COUNT-7: OpVariable %_ptr_Function_rayQueryKHR Function
// SPV: OpRayQueryInitializeKHR
// DYN: call i1 @"dx.op.rayQuery_Proceed.i1"
// DYN: call i1 @"dx.op.rayQuery_Proceed.i1"
// DYN: %[[ROW:[^ ]+]] = getelementptr [2 x [3 x i32]], [2 x [3 x i32]]* %"queries", i32 0, i32 0
// DYN: %[[E:[^ ]+]] = getelementptr [3 x i32], [3 x i32]* %[[ROW]], i32 0, i32 %{{[^ ]+}}
// DYN: %[[Q:[^ ]+]] = load i32, i32* %[[E]]
// DYN: call void @"dx.op.rayQuery_TraceRayInline"(i32 179, i32 %{{[^,]+}},
// DYNSPV: error: a ray query chosen at run time from a local array has no SPIR-V mapping

RaytracingAccelerationStructure Scene : register(t0);
RWStructuredBuffer<float> Out : register(u0);
cbuffer Params : register(b0) { uint Which; };

typedef RayQuery<RAY_FLAG_FORCE_OPAQUE | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES> Query;

void Trace(Query q, RayDesc ray, uint flags) { q.TraceRayInline(Scene, flags, 0xFF, ray); }

#ifdef STATIC
static Query Kept; // static-error {{'RayQuery<513>' is supported as a local variable or parameter of a function (an array of them too); hlslc does not support a ray query object in a static or global variable or in a struct}}
#endif

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RayDesc ray;
  ray.Origin = float3(id.x, 0, 0);
  ray.TMin = 0;
  ray.Direction = float3(0, 0, 1);
  ray.TMax = 100;
  Query queries[2][3];
  RayQuery<RAY_FLAG_FORCE_OPAQUE> fresh = RayQuery<RAY_FLAG_FORCE_OPAQUE>();
  fresh.TraceRayInline(Scene, 0, 0xFF, ray);
  fresh.Proceed();
  Trace(queries[1][2], ray, 1);
  queries[1][2].Proceed();
#ifdef DYNAMIC
  Trace(queries[0][Which], ray, 2);
#endif
#ifdef STATIC
  Kept.TraceRayInline(Scene, 0, 0xFF, ray);
#endif
  Out[id.x] = fresh.CommittedRayT() + queries[1][2].CommittedRayT();
}
