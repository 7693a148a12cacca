// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Packed 8-bit matrices (four values per word in memory) are cooperative
// matrices of 8-bit integers, read through a byte view of the buffer; the
// signed ones mark their operands signed.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Input : register(t0);
RWByteAddressBuffer Output : register(u1);

using A8 = Matrix<MatrixComponentType::PackedS8x32, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using B8 = Matrix<MatrixComponentType::PackedS8x32, 32, 16, MatrixUse::B, MatrixScope::Wave>;
using C32 = Matrix<MatrixComponentType::I32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

// CHECK-DAG: OpCapability Int8
// CHECK-DAG: OpCapability StorageBuffer8BitAccess
// CHECK-DAG: %coopmat_uchar_16x32_A = OpTypeCooperativeMatrixKHR %uchar %uint_3 %uint_16 %uint_32 %uint_0
// CHECK-DAG: %Input_uchar = OpVariable %_ptr_StorageBuffer_type_ByteAddressBuffer_uchar StorageBuffer
[numthreads(32, 1, 1)]
void main()
{
    A8 a = A8::Load(Input, 0, 32, MatrixLayout::RowMajor);
    B8 b = B8::Load(Input, 512, 16, MatrixLayout::RowMajor);
    C32 c = C32::Splat(0);
    // All four operands signed: 0xf.
    // CHECK: OpCooperativeMatrixMulAddKHR %coopmat_uint_16x16_Acc {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} 15
    c.MultiplyAccumulate(a, b);
    c.Store(Output, 0, 64, MatrixLayout::RowMajor);
}
