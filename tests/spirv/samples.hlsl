// RUN: %hlslc -spirv -S -fvk-u-shift 8 0 %S/../../samples/tiled_gemm_wave.hlsl 2>&1 | FileCheck %s --check-prefix=GEMM
// RUN: %hlslc -spirv -S -fvk-u-shift 8 0 %S/../../samples/mlp_layer_thread.hlsl 2>&1 | FileCheck %s --check-prefix=MLP
// RUN: %hlslc -spirv -S -fvk-u-shift 8 0 -T cs_6_8 -enable-16bit-types %S/../../samples/wavematrix_gemm_sm68.hlsl 2>&1 | FileCheck %s --check-prefix=WM
// The samples in SPIR-V (tests/test_spirv.py runs spirv-val on them).
// Shifting the UAVs' bindings by 8 keeps them apart from the SRVs'
// (u0 would share binding 0 with t0): no warning.

// GEMM-NOT: warning
// GEMM: OpExecutionMode %main LocalSize 128 1 1
// GEMM-DAG: OpDecorate %MatC_half Binding 8
// GEMM-DAG: %TileA = OpVariable %_ptr_Workgroup__arr_half_uint_1024 Workgroup
// The K loop: copy the tiles, a barrier, two loads from groupshared, one
// multiply-accumulate, a barrier.
// GEMM: OpLoopMerge %loop_end %loop_step None
// GEMM: OpControlBarrier %uint_2 %uint_2 %uint_264
// GEMM: OpCooperativeMatrixLoadKHR %coopmat_half_16x32_A {{%[0-9]+}} %uint_0 %uint_32
// GEMM: OpCooperativeMatrixLoadKHR %coopmat_half_32x16_B {{%[0-9]+}} %uint_0 %uint_32
// GEMM: OpCooperativeMatrixMulAddKHR %coopmat_float_16x16_Acc
// GEMM: OpControlBarrier %uint_2 %uint_2 %uint_264
// After the loop: alpha, |x|, the cast to half and the store.
// GEMM: OpMatrixTimesScalar %coopmat_float_16x16_Acc
// GEMM: OpCooperativeMatrixLengthKHR %uint %coopmat_float_16x16_Acc
// GEMM: OpFConvert %coopmat_half_16x16_Acc
// GEMM: OpCooperativeMatrixStoreKHR

// MLP-NOT: warning
// MLP-DAG: OpCapability AtomicFloat32AddEXT
// MLP-DAG: OpExtension "SPV_EXT_shader_atomic_float_add"
// MLP-DAG: %Weights_half = OpVariable %_ptr_StorageBuffer_type_ByteAddressBuffer_half StorageBuffer
// MLP-DAG: %Layers = OpVariable %_ptr_Private__arr__struct_uint_2 Private
// The thread returns early when past the samples.
// MLP: OpReturn
// Matrix-vector products read the weights as halves.
// MLP: OpAccessChain %_ptr_StorageBuffer_half %Weights_half %uint_0
// The gradients: one atomic add per element.
// MLP: OpAtomicFAddEXT %float

// WM-NOT: warning
// WM: OpMemoryModel Logical Vulkan
// WM: OpLoopMerge %loop_end %loop_step None
// WM: OpCooperativeMatrixLoadKHR %coopmat_half_16x16_A {{%[0-9]+}} %uint_0
// WM: OpCooperativeMatrixLoadKHR %coopmat_half_16x16_B {{%[0-9]+}} %uint_1
// WM: OpCooperativeMatrixMulAddKHR %coopmat_float_16x16_Acc
// WM: OpMatrixTimesScalar %coopmat_float_16x16_Acc
// WM: OpCooperativeMatrixStoreKHR
