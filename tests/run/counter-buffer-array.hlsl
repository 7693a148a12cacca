// The hidden counters of an array of counted structured buffers: each
// element counts on its own (a constant index or one chosen per thread,
// `NonUniformResourceIndex`).  For Vulkan the counters are an array of
// counter blocks, one per buffer, indexed as the buffers are (DXC's
// `counter.var` of an array).
// RUN: %hlslc run %s --pipeline %S/counter-buffer-array.yaml | FileCheck %s
// CHECK: Counted: pass
// RUN: %hlslc -T cs_6_6 -spirv -S %s | FileCheck %s --check-prefix=SPIRV
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// SPIRV: OpDecorate %counter_var_Counted Binding 3
// SPIRV: %_arr_type_ACSBuffer_counter_uint_3 = OpTypeArray %type_ACSBuffer_counter %uint_3
// SPIRV: OpAccessChain %_ptr_StorageBuffer_uint %counter_var_Counted %{{[0-9]+}} %uint_0
// SPIRV: OpAtomicIAdd %uint

RWStructuredBuffer<uint> Counted[3] : register(u0);

[numthreads(3, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  for (uint k = 0; k < gi; k++)
    Counted[NonUniformResourceIndex(gi)].IncrementCounter();
  // Each element's counter started at 10 and went up gi times.
  Counted[NonUniformResourceIndex(gi)][0] = Counted[NonUniformResourceIndex(gi)].IncrementCounter();
  Counted[2][1] = 7;
}
