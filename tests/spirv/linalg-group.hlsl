// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// ThreadGroup-scope matrices have no Vulkan counterpart: each is a
// groupshared array of its elements, and each operation shares the
// elements out among the group's threads between two group barriers.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Input : register(t0);
RWByteAddressBuffer Output : register(u1);

using GA = Matrix<MatrixComponentType::F16, 32, 16, MatrixUse::A, MatrixScope::ThreadGroup>;
using GB = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::B, MatrixScope::ThreadGroup>;
using GC = Matrix<MatrixComponentType::F32, 32, 32, MatrixUse::Accumulator, MatrixScope::ThreadGroup>;

// CHECK-DAG: %matrix_group = OpVariable %_ptr_Workgroup__arr_half_uint_512 Workgroup
// CHECK-DAG: {{%matrix_[0-9]+_group}} = OpVariable %_ptr_Workgroup__arr_float_uint_1024 Workgroup
[numthreads(128, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    // Element e of the 512 goes to thread e % 128, in 4 rounds.
    // CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
    // CHECK: OpLoopMerge
    // CHECK: OpLoad %half
    // CHECK: OpStore {{%[0-9]+}}
    // CHECK: OpControlBarrier %uint_2 %uint_2 %uint_264
    GA a = GA::Load(Input, 0, 32, MatrixLayout::RowMajor);
    GB b = GB::Load(Input, 1024, 64, MatrixLayout::RowMajor);
    GC c = GC::Splat(1.0f);
    // Each thread sums its elements of C over K.
    // CHECK: OpFMul %float
    // CHECK: OpFAdd %float
    c.MultiplyAccumulate(a, b);
    c *= 2.0f;
    c.Store(Output, 0, 128, MatrixLayout::RowMajor);
    // A column of A per thread.
    vector<half, 32> column = a.GetThreadVector(0);
    Output.Store(4096 + 4 * gi, asuint((float)column[0]));
}
