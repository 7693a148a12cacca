// Casts from and to bool vectors work on whole vectors, and their constants
// are vectors too: `(float3)b` is a Select between a vector of 1.0 and a
// vector of 0 (it was a scalar OpConstant of a vector type, which
// spirv-val rejects: kajiya's light_gbuffer.hlsl).
// RUN: %hlslc -T cs_6_8 -spirv -S %s | FileCheck %s
// RUN: %hlslc -T cs_6_8 -spirv %s -o %t.spv
// RUN: %spirv-val --target-env vulkan1.3 %t.spv

// CHECK-DAG: [[ONE:%[0-9a-z_]+]] = OpConstantComposite %v3float %float_1 %float_1 %float_1
// CHECK-DAG: [[UONE:%[0-9a-z_]+]] = OpConstantComposite %v3uint %uint_1 %uint_1 %uint_1
// CHECK-DAG: OpSelect %v3float %{{[0-9a-z_]+}} [[ONE]] %v3float_null
// CHECK-DAG: OpSelect %v3uint %{{[0-9a-z_]+}} [[UONE]] %v3uint_null

RWStructuredBuffer<float3> o : register(u0);
RWStructuredBuffer<int3> p : register(u1);
RWStructuredBuffer<uint3> q : register(u2);

[numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {
  bool3 b = id > uint3(1, 2, 3);
  o[0] = (float3)b;
  p[0] = (int3)b;
  q[0] = (uint3)(bool3)q[1];
  o[1] = (float3)(bool3)o[2];
  p[1] = -(int3)b;
}
