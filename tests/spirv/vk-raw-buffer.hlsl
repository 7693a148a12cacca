// Vulkan's buffer device addresses, as Vulkan-first HLSL uses them (the
// nvpro samples' vertex accessors): vk::RawBufferLoad<T>(address[, align])
// and vk::RawBufferStore<T>(address, value[, align]), T a numeric scalar or
// vector (a load without T reads a uint; a store takes T from the value),
// the alignment 4 when not given.  Each access is an OpConvertUToPtr to a
// PhysicalStorageBuffer pointer and an Aligned load or store, in a module
// addressed PhysicalStorageBuffer64 (SPV_KHR_physical_storage_buffer
// before SPIR-V 1.5).  They exist only with -spirv.
// RUN: %hlslc -T cs_6_6 -spirv -S %s | FileCheck %s
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -T cs_6_6 -spirv -fspv-target-env=vulkan1.1 -S %s | FileCheck %s --check-prefix=SPV13
// RUN: %hlslc -T cs_6_6 -spirv -fspv-target-env=vulkan1.1 %s -o %t.11.spv && %spirv-val --target-env vulkan1.1 %t.11.spv
// RUN: not %hlslc -T cs_6_6 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DXIL
// RUN: %hlslc -T cs_6_6 -spirv -fsyntax-only -DBAD -verify %s
// CHECK: OpCapability PhysicalStorageBufferAddresses
// CHECK: OpMemoryModel PhysicalStorageBuffer64 GLSL450
// CHECK: OpConvertUToPtr %_ptr_PhysicalStorageBuffer_v3float
// CHECK: OpLoad %v3float %{{[0-9]+}} Aligned 4
// CHECK: OpConvertUToPtr %_ptr_PhysicalStorageBuffer_uint
// CHECK: OpLoad %uint %{{[0-9]+}} Aligned 16
// CHECK: OpStore %{{[0-9]+}} %{{[0-9]+}} Aligned 4
// CHECK: OpConvertUToPtr %_ptr_PhysicalStorageBuffer_v2float
// CHECK: OpStore %{{[0-9]+}} %{{[0-9]+}} Aligned 8
// SPV13: OpExtension "SPV_KHR_physical_storage_buffer"
// DXIL: error: 'vk::RawBufferLoad' is a Vulkan intrinsic (buffer device addresses): compile with -spirv

struct Addresses { uint64_t positions; uint64_t indices; uint64_t output; };
[[vk::push_constant]] Addresses pc;
[[vk::binding(0)]] RWStructuredBuffer<float> Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  float3 p = vk::RawBufferLoad<float3>(pc.positions + sizeof(float3) * i);
  uint index = vk::RawBufferLoad(pc.indices + 4 * i, 16);
  vk::RawBufferStore<float>(pc.output + 4 * i, p.x + index);
  vk::RawBufferStore(pc.output + 1024 + 8 * i, p.yz, 8);
  Out[i] = p.y;
#ifdef BAD
  vk::RawBufferLoad<bool>(pc.indices);        // expected-error {{'vk::RawBufferLoad' reads and writes numeric scalars and vectors, not 'bool'}}
  vk::RawBufferLoad<float>(pc.indices, 3);    // expected-error {{the alignment of 'vk::RawBufferLoad' must be a constant power of two}}
  vk::RawBufferLoad<float>(pc);               // expected-error {{the address of 'vk::RawBufferLoad' is a uint64_t, not 'Addresses'}}
#endif
}
