// -fspv-target-env chooses the SPIR-V version written, as in DXC:
// vulkan1.1 is SPIR-V 1.3, vulkan1.1spirv1.4 is 1.4, vulkan1.2 is 1.5,
// vulkan1.3 (the default) and vulkan1.4 are 1.6; each module passes
// spirv-val for its environment.  Before 1.4 the entry point lists only
// its Input and Output variables, `[unroll(N)]` is no PartialCount, and a
// scalar condition selecting vectors is made a vector (spirv-val checks
// it); before 1.5 a runtime descriptor array names
// SPV_EXT_descriptor_indexing.
// __SPIRV_MAJOR_VERSION__ and __SPIRV_MINOR_VERSION__ follow the version.
// RUN: %hlslc -T cs_6_6 -spirv -S -fspv-target-env=vulkan1.1 %s | FileCheck %s --check-prefix=V13
// RUN: %hlslc -T cs_6_6 -spirv -fspv-target-env=vulkan1.1 %s -o %t.spv && %spirv-val --target-env vulkan1.1 %t.spv
// RUN: %hlslc -T cs_6_6 -spirv -fspv-target-env=vulkan1.1spirv1.4 %s -o %t.spv && %spirv-val --target-env vulkan1.1spv1.4 %t.spv
// RUN: %hlslc -T cs_6_6 -spirv -S -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=V15
// RUN: %hlslc -T cs_6_6 -spirv -fspv-target-env=vulkan1.2 %s -o %t.spv && %spirv-val --target-env vulkan1.2 %t.spv
// RUN: %hlslc -T cs_6_6 -spirv -S %s | FileCheck %s --check-prefix=V16
// RUN: %hlslc -T cs_6_6 -spirv -fspv-target-env=vulkan1.4 %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -P -DMACROS -T cs_6_6 -spirv -fspv-target-env=vulkan1.2 %s | FileCheck %s --check-prefix=MACROS

#ifdef MACROS
spirv __SPIRV_MAJOR_VERSION__ __SPIRV_MINOR_VERSION__
#else
RWStructuredBuffer<float4> Out : register(u0);
RWByteAddressBuffer Tables[] : register(u0, space1);

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  float4 a = Out[i], b = Out[i + 4];
  Out[i] = a.x > b.y ? a : b;
  [unroll(2)]
  for (uint k = 0; k < Tables[i].Load(0); k++)
    Out[i + 8] += k;
  Out[i + 12] = Tables[NonUniformResourceIndex(i)].Load(4);
}
#endif

// V13: ; Version: 1.3
// V13: OpExtension "SPV_EXT_descriptor_indexing"
// V13: OpEntryPoint GLCompute %main "main" %gl_GlobalInvocationID{{$}}
// V13-NOT: PartialCount

// V15: ; Version: 1.5
// V15-NOT: OpExtension "SPV_EXT_descriptor_indexing"
// V15: OpEntryPoint GLCompute %main "main" %gl_GlobalInvocationID %Out %Tables
// V15: OpLoopMerge {{.*}} PartialCount 2

// V16: ; Version: 1.6

// MACROS: {{^}}spirv 1 5
