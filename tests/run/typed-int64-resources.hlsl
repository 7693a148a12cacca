// Typed resources of 64-bit integers (SM 6.6): RWBuffer<uint64_t> and
// Buffer<int64_t> read and written whole, values past 32 bits, and 64-bit
// atomics on a typed element.  DXIL carries each element as two i32
// components (low, high); for Vulkan they are R64ui / R64i images
// (SPV_EXT_shader_image_int64), as DXC maps them.
// RUN: %hlslc run %s --pipeline %S/typed-int64-resources.yaml | FileCheck %s
// CHECK: Wide: pass
// RUN: %hlslc -T cs_6_6 -spirv -S %s | FileCheck %s --check-prefix=SPIRV
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// SPIRV: OpCapability Int64ImageEXT
// SPIRV: OpExtension "SPV_EXT_shader_image_int64"
// SPIRV-DAG: OpTypeImage %long Buffer 0 0 0 1 Unknown
// SPIRV-DAG: OpTypeImage %ulong Buffer 0 0 0 2 R64ui
// SPIRV: OpImageFetch %v4long
// SPIRV: OpImageTexelPointer %_ptr_Image_ulong
// SPIRV: OpAtomicIAdd %ulong

Buffer<int64_t> In : register(t0);
RWBuffer<uint64_t> Wide : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  int64_t v = In[i];
  Wide[i + 1] = (uint64_t)(v * 3);            // past 32 bits, negative ones too
  InterlockedAdd(Wide[0], 0x100000001ull);    // both halves
  uint64_t before;
  InterlockedMax(Wide[5], (uint64_t)i << 40, before);
}
