// RUN: %hlslc -spirv -S %s | FileCheck %s
// RUN: %hlslc -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// Thread-scope matrices are read in place: Multiply and MultiplyAdd of a
// vector by one are loops over its rows and columns, reading each element
// from the byte-address buffer it was loaded from; an outer product is
// added into a buffer with one atomic add per element.

#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Weights : register(t0);
RWByteAddressBuffer Grads : register(u1);
RWStructuredBuffer<float4> Out : register(u2);

using Layer = Matrix<MatrixComponentType::F16, 8, 4, MatrixUse::B, MatrixScope::Thread>;
using Grad = Matrix<MatrixComponentType::F32, 8, 4, MatrixUse::Accumulator, MatrixScope::Thread>;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    vector<float, 8> x;
    for (uint i = 0; i < 8; ++i)
        x[i] = (float)(id.x + i);
    // The matrix's offset and stride are kept for the reads.
    // CHECK: OpStore %matrix_offset %uint_16
    // CHECK: OpStore %matrix_stride %uint_8
    Layer w = Layer::Load(Weights, 16, 8, MatrixLayout::RowMajor);
    // One loop over the outputs, one over the inputs inside it.
    // CHECK: OpLoopMerge
    // CHECK: OpLoopMerge
    // CHECK: OpAccessChain %_ptr_StorageBuffer_half %Weights_half %uint_0
    // CHECK: OpFConvert %float
    // CHECK: OpFMul %float
    // CHECK: OpFAdd %float
    float4 y = MultiplyAdd<float>(x, w, float4(1, 2, 3, 4));
    Out[id.x] = y;

    // Atomic float adds need SPV_EXT_shader_atomic_float_add.
    // CHECK: OpAtomicFAddEXT %float {{%[0-9]+}} %uint_1 %uint_0
    Grad g = OuterProduct<MatrixComponentType::F32, MatrixScope::Thread>(x, y);
    g.Accumulate(Grads, 0, 0, MatrixLayout::OuterProductOptimal);
}
