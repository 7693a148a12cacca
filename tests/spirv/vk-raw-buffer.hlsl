// Vulkan's buffer device addresses, as Vulkan-first HLSL uses them (the
// nvpro samples' vertex accessors): vk::RawBufferLoad<T>(address[, align])
// and vk::RawBufferStore<T>(address, value[, align]), T a numeric scalar or
// vector (a load without T reads a uint; a store takes T from the value;
// a bool is a uint in memory, as DXC reads and writes it), the alignment 4
// when not given.  Each access bitcasts the address to a
// PhysicalStorageBuffer pointer and loads or stores it Aligned, in a module
// addressed PhysicalStorageBuffer64 (SPV_KHR_physical_storage_buffer
// before SPIR-V 1.5), as DXC writes it.  They exist only with -spirv.
// RUN: %hlslc -T cs_6_6 -spirv -S %s | FileCheck %s
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: %hlslc -T cs_6_6 -spirv -fspv-target-env=vulkan1.1 -S %s | FileCheck %s --check-prefix=SPV13
// RUN: %hlslc -T cs_6_6 -spirv -fspv-target-env=vulkan1.1 %s -o %t.11.spv && %spirv-val --target-env vulkan1.1 %t.11.spv
// RUN: not %hlslc -T cs_6_6 %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DXIL
// RUN: %hlslc -T cs_6_6 -spirv -fsyntax-only -DBAD -verify %s
// CHECK: OpCapability PhysicalStorageBufferAddresses
// CHECK: OpMemoryModel PhysicalStorageBuffer64 GLSL450
// CHECK: OpBitcast %_ptr_PhysicalStorageBuffer_v3float
// CHECK: OpLoad %v3float %{{[0-9]+}} Aligned 4
// CHECK: OpBitcast %_ptr_PhysicalStorageBuffer_uint
// CHECK: OpLoad %uint %{{[0-9]+}} Aligned 16
// CHECK: OpStore %{{[0-9]+}} %{{[0-9]+}} Aligned 4
// CHECK: OpBitcast %_ptr_PhysicalStorageBuffer_v2float
// CHECK: OpStore %{{[0-9]+}} %{{[0-9]+}} Aligned 8
// CHECK: OpBitcast %_ptr_PhysicalStorageBuffer_v2uint
// CHECK: OpLoad %v2uint %{{[0-9]+}} Aligned 8
// CHECK: OpINotEqual %v2bool
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
  bool2 flags = vk::RawBufferLoad<bool2>(pc.indices + 8, 8);
  vk::RawBufferStore<bool>(pc.output + 2048, flags.x && flags.y);
  Out[i] = p.y + flags.y;
#ifdef BAD
  vk::RawBufferLoad<Addresses>(pc.indices);   // expected-error {{'vk::RawBufferLoad' reads and writes numeric scalars and vectors, not 'Addresses'}}
  vk::RawBufferLoad<bool>(pc.indices, 2);     // expected-warning {{a bool is read and written as a uint in a buffer (a physical pointer to a bool is no Vulkan type), so its alignment must be a multiple of 4}}
  vk::RawBufferLoad<float>(pc.indices, 3);    // expected-error {{the alignment of 'vk::RawBufferLoad' must be a constant power of two}}
  vk::RawBufferLoad<float>(pc);               // expected-error {{the address of 'vk::RawBufferLoad' is a uint64_t, not 'Addresses'}}
#endif
}
