// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv -S -fvk-u-shift 10 0 -fvk-t-shift 20 all %s | FileCheck %s --check-prefix=SHIFT
// RUN: %hlslc -spirv %s -o %t.spv 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %spirv-val --target-env vulkan1.3 %t.spv
// register(xN, spaceM) is Binding N of DescriptorSet M; [[vk::binding(B, S)]]
// wins; -fvk-{b,t,u,s}-shift N SPACE moves a class's bindings.  Two
// resources of different classes with the same register number collide
// in Vulkan: a warning.

// CHECK-DAG: OpDecorate %A DescriptorSet 0
// CHECK-DAG: OpDecorate %A Binding 0
// CHECK-DAG: OpDecorate %B DescriptorSet 2
// CHECK-DAG: OpDecorate %B Binding 3
// CHECK-DAG: OpDecorate %C DescriptorSet 1
// CHECK-DAG: OpDecorate %C Binding 7
// CHECK-DAG: OpDecorate %D DescriptorSet 0
// CHECK-DAG: OpDecorate %D Binding 0
// SHIFT-DAG: OpDecorate %A Binding 20
// SHIFT-DAG: OpDecorate %B Binding 23
// SHIFT-DAG: OpDecorate %C Binding 7
// SHIFT-DAG: OpDecorate %D Binding 10
ByteAddressBuffer A : register(t0);
ByteAddressBuffer B : register(t3, space2);
[[vk::binding(7, 1)]] ByteAddressBuffer C : register(t1);
// WARN: bindings.hlsl:[[@LINE+1]]:21: warning: 'D' takes binding 0 of descriptor set 0, which 'A' already takes
RWByteAddressBuffer D : register(u0);

[numthreads(1, 1, 1)]
void main()
{
    D.Store(0, A.Load(0) + B.Load(0) + C.Load(0));
}
