// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// RWByteAddressBuffer stores: rawBufferStore.<T>(handle, byte offset,
// element offset undef, v0, v1, v2, v3 (undef past the value), mask,
// alignment).

RWByteAddressBuffer Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    // CHECK: [[H:%"Out[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Out", %"dx.types.ResourceProperties" {i32 4107, i32 0})

    // CHECK: [[GI:%"\.[0-9]+"]] = load i32, i32* %"gi"
    // CHECK-NEXT: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" [[H]], i32 8, i32 undef, i32 [[GI]], i32 undef, i32 undef, i32 undef, i8 1, i32 4)
    Out.Store(2 * 4, gi);

    // CHECK: [[X:%"\.[0-9]+"]] = extractelement <4 x i32> {{.*}}, i32 0
    // CHECK-NEXT: [[Y:%"\.[0-9]+"]] = extractelement <4 x i32> {{.*}}, i32 1
    // CHECK-NEXT: [[Z:%"\.[0-9]+"]] = extractelement <4 x i32> {{.*}}, i32 2
    // CHECK-NEXT: [[W:%"\.[0-9]+"]] = extractelement <4 x i32> {{.*}}, i32 3
    // CHECK-NEXT: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" [[H]], i32 16, i32 undef, i32 [[X]], i32 [[Y]], i32 [[Z]], i32 [[W]], i8 15, i32 4)
    Out.Store4(16, uint4(1, 2, 3, gi));

    // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" [[H]], i32 32, i32 undef, i32 %{{.*}}, i32 %{{.*}}, i32 undef, i32 undef, i8 3, i32 4)
    Out.Store2(32, uint2(gi, gi));

    // CHECK: call void @"dx.op.rawBufferStore.f32"(i32 140, %"dx.types.Handle" [[H]], i32 40, i32 undef, float %{{.*}}, float %{{.*}}, float undef, float undef, i8 3, i32 4)
    Out.Store<float2>(40, float2(1.0f, (float)gi));

    // CHECK: call void @"dx.op.rawBufferStore.f16"(i32 140, %"dx.types.Handle" [[H]], i32 48, i32 undef, half 0x3ff0000000000000, half undef, half undef, half undef, i8 1, i32 2)
    Out.Store<half>(48, (half)1.0);
}

// CHECK-DAG: declare void @"dx.op.rawBufferStore.i32"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6", i32 %".7", i32 %".8", i8 %".9", i32 %".10") nounwind
// CHECK-DAG: declare void @"dx.op.rawBufferStore.f32"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", float %".5", float %".6", float %".7", float %".8", i8 %".9", i32 %".10") nounwind
