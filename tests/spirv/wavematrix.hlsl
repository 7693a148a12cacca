// RUN: %hlslc -spirv -S -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// RUN: %hlslc -spirv -T cs_6_8 -enable-16bit-types %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// RUN: not %hlslc -spirv -T cs_6_8 -enable-16bit-types -DFRAGMENT %s 2>&1 | FileCheck %s --check-prefix=FRAGMENT
// SM 6.8 Wave Matrix on cooperative matrices: Left is A (M x 16), Right is
// B (16 x N), Accumulator is the accumulator; MatrixDepth() is 16.

// CHECK-DAG: %coopmat_half_16x16_A = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_16 %uint_0
// CHECK-DAG: %coopmat_half_16x64_B = OpTypeCooperativeMatrixKHR %half %uint_3 %uint_16 %uint_64 %uint_1
// CHECK-DAG: %coopmat_float_16x64_Acc = OpTypeCooperativeMatrixKHR %float %uint_3 %uint_16 %uint_64 %uint_2
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u1);
groupshared float16_t Tile[16 * 64];

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float16_t, 16, 64> a;
    WaveMatrixRight<float16_t, 16, 64> b;
    WaveMatrixAccumulator<float, 16, 64> c;
    WaveMatrixAccumulator<float, 16, 64> d;
    // CHECK: OpStore %depth %uint_16
    uint depth = a.MatrixDepth();
    // CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_16x16_A {{%[0-9]+}} %uint_0
    a.Load(In, 0, depth * 2, false);
    // bColMajor: ColumnMajorKHR.
    // CHECK: OpCooperativeMatrixLoadKHR %coopmat_half_16x64_B {{%[0-9]+}} %uint_1
    b.Load(Tile, 0, 16, true);
    // CHECK: OpCompositeConstruct %coopmat_float_16x64_Acc %float_0
    c.Fill(0.0f);
    // CHECK: OpCooperativeMatrixMulAddKHR %coopmat_float_16x64_Acc {{%[0-9]+}} {{%[0-9]+}} %coopmat_float_16x64_Acc_const
    d.Multiply(a, b);
    // CHECK: OpCooperativeMatrixMulAddKHR %coopmat_float_16x64_Acc
    c.MultiplyAccumulate(a, b);
    // CHECK: OpMatrixTimesScalar %coopmat_float_16x64_Acc
    c.ScalarMultiply(2.0f);
    // CHECK: OpFAdd %coopmat_float_16x64_Acc
    c.ScalarAdd(1.0f);
    // CHECK: OpFAdd %coopmat_float_16x64_Acc
    c.Add(d);
    // CHECK: OpCooperativeMatrixStoreKHR {{%[0-9]+}} {{%[0-9]+}} %uint_0
    c.Store(Out, 0, 64 * 4, false);
#ifdef FRAGMENT
    // FRAGMENT: wavematrix.hlsl:[[@LINE+1]]:5: error: the Wave Matrix fragment LeftColAcc has no SPIR-V mapping
    WaveMatrixLeftColAcc<float, 16, 64> sums;
    sums.Fill(0.0f);
    sums.SumAccumulate(a);
#endif
}
