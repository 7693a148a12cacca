// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// Load / Store with a groupshared array: waveMatrix_LoadGroupShared.<T>
// (230) and waveMatrix_StoreGroupShared.<T> (232), (matrix, T addrspace(3)*
// to the array's first element, start index, stride in elements, i1
// colMajor).

RWByteAddressBuffer Out : register(u0);
groupshared float16_t SharedA[32 * 32];
groupshared float SharedC[16 * 16];

[numthreads(32, 1, 1)]
void main()
{
    WaveMatrixLeft<float16_t, 16, 16> a;
    WaveMatrixAccumulator<float, 16, 16> c;
    WaveMatrixRightRowAcc<float, 16, 16> frag;

    // CHECK: [[PA:%"\.[0-9]+"]] = getelementptr [1024 x half], [1024 x half] addrspace(3)* @"SharedA", i32 0, i32 0
    // CHECK-NEXT: call void @"dx.op.waveMatrix_LoadGroupShared.f16"(i32 230, %"dx.types.waveMatrix"* %"a", half addrspace(3)* [[PA]], i32 16, i32 32, i1 1)
    a.Load(SharedA, 16, 32, true);

    c.Fill(0.0f);
    // CHECK: [[PC:%"\.[0-9]+"]] = getelementptr [256 x float], [256 x float] addrspace(3)* @"SharedC", i32 0, i32 0
    // CHECK-NEXT: call void @"dx.op.waveMatrix_StoreGroupShared.f32"(i32 232, %"dx.types.waveMatrix"* %"c", float addrspace(3)* [[PC]], i32 0, i32 16, i1 0)
    c.Store(SharedC, 0, 16, false);

    // A fragment: colMajor is i1 0.
    // CHECK: call void @"dx.op.waveMatrix_LoadGroupShared.f32"(i32 230, %"dx.types.waveMatrix"* %"frag", float addrspace(3)* %{{.*}}, i32 0, i32 1, i1 0)
    frag.Load(SharedC, 0, 1);

    c.Store(Out, 0, 64, false);
}

// CHECK-DAG: @"SharedA" = internal addrspace(3) global [1024 x half] undef
// CHECK-DAG: @"SharedC" = internal addrspace(3) global [256 x float] undef
// CHECK-DAG: declare void @"dx.op.waveMatrix_LoadGroupShared.f16"(i32 %".1", %"dx.types.waveMatrix"* %".2", half addrspace(3)* %".3", i32 %".4", i32 %".5", i1 %".6") nounwind
// CHECK-DAG: declare void @"dx.op.waveMatrix_StoreGroupShared.f32"(i32 %".1", %"dx.types.waveMatrix"* %".2", float addrspace(3)* %".3", i32 %".4", i32 %".5", i1 %".6") nounwind
