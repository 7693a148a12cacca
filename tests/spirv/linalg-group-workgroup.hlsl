// RUN: %hlslc -spirv -S -fspv-extension=SPV_NV_cooperative_matrix2 -T cs_6_10 -enable-16bit-types %s -o - | FileCheck %s
// RUN: %hlslc -spirv -S -T cs_6_10 -enable-16bit-types %s -o - | FileCheck %s --check-prefix=GENERIC
// ThreadGroup-scope matrices: with SPV_NV_cooperative_matrix2 asked for,
// Workgroup-scope (2) cooperative matrices and their instructions; without
// it, generic code on groupshared arrays between group barriers.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer A : register(t0);
[[vk::binding(1)]] RWByteAddressBuffer C : register(u0);

using OpA = Matrix<MatrixComponentType::F16, 64, 32, MatrixUse::A, MatrixScope::ThreadGroup>;
using OpB = Matrix<MatrixComponentType::F16, 32, 64, MatrixUse::B, MatrixScope::ThreadGroup>;
using Acc = Matrix<MatrixComponentType::F32, 64, 64, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

// CHECK-DAG: %coopmat_float_64x64_Acc = OpTypeCooperativeMatrixKHR %float %uint_2 %uint_64 %uint_64 %uint_2
// CHECK-DAG: %coopmat_half_64x32_A = OpTypeCooperativeMatrixKHR %half %uint_2 %uint_64 %uint_32 %uint_0
// CHECK-DAG: %coopmat_half_32x64_B = OpTypeCooperativeMatrixKHR %half %uint_2 %uint_32 %uint_64 %uint_1
// CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_64x32_A
// CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_32x64_B
// CHECK: OpCooperativeMatrixMulAddKHR %coopmat_float_64x64_Acc
// CHECK: OpCooperativeMatrixStoreKHR
// GENERIC-NOT: OpTypeCooperativeMatrixKHR
// GENERIC: OpControlBarrier %uint_2 %uint_2

[numthreads(128, 1, 1)]
void main()
{
    Acc c = Acc::Splat(0.0f);
    OpA a = OpA::Load(A, 0, 64, MatrixLayout::RowMajor);
    OpB b = OpB::Load(A, 4096, 128, MatrixLayout::RowMajor);
    c.MultiplyAccumulate(a, b);
    c *= 0.5f;
    c.Store(C, 0, 256, MatrixLayout::RowMajor);
}
