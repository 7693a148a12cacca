// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Compute system values are the compute built-ins; numthreads is LocalSize.

// CHECK: OpEntryPoint GLCompute %main "main" {{.*}}%gl_GlobalInvocationID
// CHECK: OpExecutionMode %main LocalSize 8 4 2
// CHECK-DAG: OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId
// CHECK-DAG: OpDecorate %gl_WorkGroupID BuiltIn WorkgroupId
// CHECK-DAG: OpDecorate %gl_LocalInvocationID BuiltIn LocalInvocationId
// CHECK-DAG: OpDecorate %gl_LocalInvocationIndex BuiltIn LocalInvocationIndex
// CHECK-DAG: %gl_GlobalInvocationID = OpVariable %_ptr_Input_v3uint Input
// CHECK-DAG: %gl_LocalInvocationIndex = OpVariable %_ptr_Input_uint Input
RWStructuredBuffer<uint4> Out : register(u0);

[numthreads(8, 4, 2)]
void main(uint3 dtid : SV_DispatchThreadID, uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID,
          uint gi : SV_GroupIndex)
{
    Out[gi + 64 * (gid.x + gid.y)] = uint4(dtid.x, gtid.y, gtid.z, gi);
}
