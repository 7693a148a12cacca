// -spirv predefines DXC's macros for SPIR-V code: __spirv__, and the SPIR-V
// version written (1.6 for Vulkan 1.3 by default; see target-env.hlsl) as
// __SPIRV_MAJOR_VERSION__ and __SPIRV_MINOR_VERSION__, whatever is emitted (-P, -fsyntax-only, the
// module).  Without -spirv none of them is defined.  A build that also
// passes -D__spirv__ (as some do for DXC) redefines it the same way, quietly.
// RUN: %hlslc -P -DPRINT -T cs_6_6 -spirv %s | FileCheck %s --check-prefix=SPIRV
// RUN: %hlslc -P -DPRINT -T cs_6_6 -spirv -D__spirv__ %s | FileCheck %s --check-prefix=SPIRV
// RUN: %hlslc -P -DPRINT -T cs_6_6 %s | FileCheck %s --check-prefix=DXIL
// RUN: %hlslc -T cs_6_6 -E main -spirv -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_6 -E main -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

// expected-no-diagnostics
#ifdef PRINT
#ifdef __spirv__
spirv __spirv__ __SPIRV_MAJOR_VERSION__ __SPIRV_MINOR_VERSION__
#else
no_spirv
#endif
#endif

#if defined(__spirv__) && __SPIRV_MAJOR_VERSION__ == 1 && __SPIRV_MINOR_VERSION__ >= 3
[[vk::binding(3, 1)]] RWStructuredBuffer<uint> Out;
#else
RWStructuredBuffer<uint> Out : register(u3, space1);
#endif

[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) { Out[i] = i; }

// SPIRV: {{^}}spirv 1 1 6
// SPIRV-NOT: no_spirv
// DXIL: {{^}}no_spirv
// DXIL-NOT: {{^}}spirv
