// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Wave-scope dx::linalg matrices are cooperative matrices of Subgroup
// scope (SPV_KHR_cooperative_matrix), which needs the Vulkan memory model.

#include <dx/linalg.h>
using namespace dx::linalg;

// CHECK-DAG: OpCapability CooperativeMatrixKHR
// CHECK-DAG: OpCapability VulkanMemoryModel
// CHECK-DAG: OpExtension "SPV_KHR_cooperative_matrix"
// CHECK-DAG: OpMemoryModel Logical Vulkan
// CHECK-DAG: %coopmat_half_16x16_A = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_16 %uint_0
// CHECK-DAG: %coopmat_half_16x16_B = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_16 %uint_1
// CHECK-DAG: %coopmat_float_16x16_Acc = OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_16 %uint_2
// CHECK-DAG: %coopmat_uint_16x16_Acc = OpTypeCooperativeMatrixKHR %uint %uint_3 %uint_16 %uint_16 %uint_2
// The halves of a byte-address buffer are read through a view of it as
// an array of half.
// CHECK-DAG: %Input_half = OpVariable %_ptr_StorageBuffer_type_ByteAddressBuffer_half StorageBuffer
ByteAddressBuffer Input : register(t0);
RWByteAddressBuffer Output : register(u1);
groupshared half Tile[16 * 16];
groupshared float Sums[16 * 16];

using MatA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using MatB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using Acc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using Acc16 = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using IntA = Matrix<MatrixComponentType::I32, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using IntB = Matrix<MatrixComponentType::I32, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using IntAcc = Matrix<MatrixComponentType::U32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;

[numthreads(32, 1, 1)]
[wavesize(32)]
void main(uint gi : SV_GroupIndex)
{
    // Offsets and strides in bytes become elements of the view: 64 / 2, 32 / 2.
    // CHECK: [[OFF:%[0-9]+]] = OpShiftRightLogical %uint %uint_64 %uint_1
    // CHECK: [[PA:%[0-9]+]] = OpAccessChain %_ptr_StorageBuffer_half %Input_half %uint_0 [[OFF]]
    // CHECK: [[STRIDE:%[0-9]+]] = OpShiftRightLogical %uint %uint_32 %uint_1
    // CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_16x16_A [[PA]] %uint_0 [[STRIDE]]
    MatA a = MatA::Load(Input, 64, 32, MatrixLayout::RowMajor);
    // CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_16x16_B {{%[0-9]+}} %uint_1
    MatB b = MatB::Load(Input, 576, 32, MatrixLayout::ColMajor);

    // Splat: a matrix constructed from one value.
    // CHECK: OpCompositeConstruct %coopmat_float_16x16_Acc %float_0
    Acc acc = Acc::Splat(0.0f);
    // CHECK: OpCooperativeMatrixMulAddKHR %coopmat_float_16x16_Acc
    acc.MultiplyAccumulate(a, b);
    // Multiply starts from a zero accumulator.
    // CHECK: OpCooperativeMatrixMulAddKHR %coopmat_float_16x16_Acc {{%[0-9]+}} {{%[0-9]+}} %coopmat_float_16x16_Acc_const
    Acc product = Multiply<MatrixComponentType::F32>(a, b);

    // CHECK: OpMatrixTimesScalar %coopmat_float_16x16_Acc
    acc *= 0.5f;
    // CHECK: OpFAdd %coopmat_float_16x16_Acc
    acc += 1.0f;
    // CHECK: OpFSub %coopmat_float_16x16_Acc
    acc -= 0.25f;
    // CHECK: OpFDiv %coopmat_float_16x16_Acc
    product /= 3.0f;
    // CHECK: OpFNegate %coopmat_float_16x16_Acc
    acc = acc.ApplyUnaryOperation<UnaryOperation::Negate>();
    // Element by element over what this invocation holds.
    // CHECK: OpCooperativeMatrixLengthKHR %uint %coopmat_float_16x16_Acc
    // CHECK: OpExtInst %float %GLSL_std_450 FAbs
    acc = acc.ApplyUnaryOperation<UnaryOperation::Abs>();

    // CHECK: OpFConvert %coopmat_half_16x16_Acc
    Acc16 narrow = acc.cast<MatrixComponentType::F16>();
    // CHECK: OpCooperativeMatrixStoreKHR {{%[0-9]+}} {{%[0-9]+}} %uint_0
    narrow.Store(Output, 0, 32, MatrixLayout::RowMajor);
    // Accumulate: load, add, store.
    // CHECK: [[OLD:%[0-9]+]] = OpCooperativeMatrixLoadKHR %coopmat_float_16x16_Acc
    // CHECK: OpFAdd %coopmat_float_16x16_Acc [[OLD]]
    // CHECK: OpCooperativeMatrixStoreKHR
    product.Accumulate(Output, 1024, 64, MatrixLayout::RowMajor);

    // groupshared memory: a pointer to its first element; strides count elements.
    // CHECK: OpAccessChain %_ptr_Workgroup_float %Sums
    acc.Store(Sums, 0, 16, MatrixLayout::RowMajor);
    // A groupshared array of another type: loaded as its own type, then converted.
    // CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_16x16_Acc
    // CHECK: OpFConvert %coopmat_float_16x16_Acc
    Acc fromTile = Acc::Load(Tile, 0, 16, MatrixLayout::ColMajor);
    fromTile.Accumulate(Sums, 0, 16, MatrixLayout::RowMajor);

    // Signed integer operands are marked: MatrixASigned | MatrixBSigned (3).
    // CHECK: OpCooperativeMatrixMulAddKHR %coopmat_uint_16x16_Acc {{%[0-9]+}} {{%[0-9]+}} {{%[0-9]+}} 3
    IntA ia = IntA::Load(Input, 0, 64, MatrixLayout::RowMajor);
    IntB ib = IntB::Load(Input, 1024, 64, MatrixLayout::RowMajor);
    IntAcc iacc = IntAcc::Splat(0);
    iacc.MultiplyAccumulate(ia, ib);
    iacc.Store(Output, 2048, 64, MatrixLayout::RowMajor);
}
