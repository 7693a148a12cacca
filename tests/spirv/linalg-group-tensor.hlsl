// RUN: %hlslc -spirv -S -fspv-extension=SPV_NV_cooperative_matrix2 -fspv-extension=SPV_NV_tensor_addressing -T cs_6_10 -enable-16bit-types %s -o - | FileCheck %s
// RUN: %hlslc -spirv -S -fspv-extension=SPV_NV_cooperative_matrix2 -T cs_6_10 -enable-16bit-types %s -o - | FileCheck %s --check-prefix=PLAIN
// ThreadGroup-scope matrices in byte-address buffers with tensor addressing
// (SPV_NV_tensor_addressing asked for).  Where the offset and the stride are
// known multiples of 16 bytes, the tensor is the matrix: its first element
// as the pointer, a rows x cols layout whose rows are the stride apart, both
// masked to 16-byte multiples (the driver moves such tiles 16 bytes at a
// time).  Otherwise the buffer's first element is the pointer, a 2-D layout
// whose rows are the stride apart, and the matrix the slice at row offset /
// stride, column offset % stride; a stride known only at run time is
// guarded against 0 (then every row is the same row).  Column-major
// accesses stay plain loads and stores.  Without the extension, all are
// plain.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer A : register(t0);
ByteAddressBuffer Shape : register(t1);
[[vk::binding(2)]] RWByteAddressBuffer C : register(u0);

using OpA = Matrix<MatrixComponentType::F16, 64, 32, MatrixUse::A, MatrixScope::ThreadGroup>;
using OpB = Matrix<MatrixComponentType::F16, 32, 64, MatrixUse::B, MatrixScope::ThreadGroup>;
using Acc = Matrix<MatrixComponentType::F32, 64, 64, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;
using Small = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

// CHECK-DAG: OpCapability CooperativeMatrixTensorAddressingNV
// CHECK-DAG: OpCapability TensorAddressingNV
// CHECK-DAG: OpExtension "SPV_NV_cooperative_matrix2"
// CHECK-DAG: OpExtension "SPV_NV_tensor_addressing"
// CHECK-DAG: %tensor_layout_2d = OpTypeTensorLayoutNV %uint_2 %uint_0

// A at byte 4096, stride 64 bytes (both multiples of 16): the tensor starts at the matrix.
// CHECK: [[AT:%[0-9]+]] = OpShiftRightLogical %uint %uint_4096 %uint_1
// CHECK-NEXT: [[ATM:%[0-9]+]] = OpBitwiseAnd %uint [[AT]] %uint_4294967288
// CHECK-NEXT: [[S:%[0-9]+]] = OpShiftRightLogical %uint %uint_64 %uint_1
// CHECK-NEXT: [[SM:%[0-9]+]] = OpBitwiseAnd %uint [[S]] %uint_4294967288
// CHECK-NEXT: [[A0:%[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_half %A_half %uint_0 [[ATM]]
// CHECK-NEXT: [[L0:%[0-9]+]] = OpCreateTensorLayoutNV %tensor_layout_2d
// CHECK-NEXT: [[L1:%[0-9]+]] = OpTensorLayoutSetDimensionNV %tensor_layout_2d [[L0]] %uint_64 %uint_32
// CHECK-NEXT: [[L2:%[0-9]+]] = OpTensorLayoutSetStrideNV %tensor_layout_2d [[L1]] [[SM]] %uint_1
// CHECK-NEXT: [[U:%[0-9]+]] = OpUndef %coopmat_half_64x32_A
// CHECK-NEXT: OpCooperativeMatrixLoadTensorNV %coopmat_half_64x32_A [[A0]] [[U]] [[L2]] None None

// B: a stride read at run time, guarded against 0.
// CHECK: [[Z:%[0-9]+]] = OpIEqual %bool [[T:%[0-9]+]] %uint_0
// CHECK-NEXT: [[D:%[0-9]+]] = OpSelect %uint [[Z]] %uint_1 [[T]]
// CHECK-NEXT: [[Q:%[0-9]+]] = OpUDiv %uint [[AT2:%[0-9]+]] [[D]]
// CHECK-NEXT: [[R:%[0-9]+]] = OpUMod %uint [[AT2]] [[D]]
// CHECK-NEXT: [[ROW2:%[0-9]+]] = OpSelect %uint [[Z]] %uint_0 [[Q]]
// CHECK-NEXT: [[COL2:%[0-9]+]] = OpSelect %uint [[Z]] [[AT2]] [[R]]
// CHECK: OpTensorLayoutSetStrideNV %tensor_layout_2d {{%[0-9]+}} [[T]] %uint_1
// CHECK-NEXT: OpTensorLayoutSliceNV %tensor_layout_2d {{%[0-9]+}} [[ROW2]] %uint_32 [[COL2]] %uint_64
// CHECK: OpCooperativeMatrixLoadTensorNV %coopmat_half_32x64_B

// Column-major: the plain load.
// CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_64x32_A {{%[0-9]+}} %uint_1
// CHECK: OpCooperativeMatrixMulAddKHR %coopmat_float_64x64_Acc

// Stride 0 (known) at byte 64: every row is the row at the offset.
// CHECK: [[O0:%[0-9]+]] = OpBitwiseAnd %uint {{%[0-9]+}} %uint_4294967292
// CHECK-NEXT: OpShiftRightLogical %uint %uint_0 %uint_2
// CHECK-NEXT: [[Z0:%[0-9]+]] = OpBitwiseAnd %uint {{%[0-9]+}} %uint_4294967292
// CHECK-NEXT: OpAccessChain %_ptr_StorageBuffer_float %C_float %uint_0 [[O0]]
// CHECK-NOT: OpUDiv
// CHECK: OpTensorLayoutSetDimensionNV %tensor_layout_2d {{%[0-9]+}} %uint_16 %uint_16
// CHECK-NEXT: OpTensorLayoutSetStrideNV %tensor_layout_2d {{%[0-9]+}} [[Z0]] %uint_1
// CHECK-NEXT: OpLoad %coopmat_float_16x16_Acc
// CHECK-NEXT: OpCooperativeMatrixStoreTensorNV
// The accumulating store reads, adds, writes.
// CHECK: OpCooperativeMatrixLoadTensorNV %coopmat_float_64x64_Acc
// CHECK-NEXT: OpFAdd %coopmat_float_64x64_Acc
// CHECK-NEXT: OpCooperativeMatrixStoreTensorNV

// PLAIN-NOT: TensorLayout
// PLAIN-NOT: TensorNV
// PLAIN: OpCooperativeMatrixLoadKHR %coopmat_half_64x32_A
// PLAIN: OpCooperativeMatrixStoreKHR

[numthreads(128, 1, 1)]
void main()
{
    const uint stride = Shape.Load(0);
    Acc c = Acc::Splat(0.0f);
    OpA a = OpA::Load(A, 4096, 64, MatrixLayout::RowMajor);
    OpB b = OpB::Load(A, 8192, stride, MatrixLayout::RowMajor);
    c.MultiplyAccumulate(a, b);
    OpA t = OpA::Load(A, 0, 128, MatrixLayout::ColMajor);
    c.MultiplyAccumulate(t, b);
    Small::Splat(1.0f).Store(C, 64, 0, MatrixLayout::RowMajor);
    c.Store(C, 16384, 256, MatrixLayout::RowMajor);
    c.Accumulate(C, 16384, 256, MatrixLayout::RowMajor);
}
