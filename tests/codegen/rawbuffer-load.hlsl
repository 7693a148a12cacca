// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// ByteAddressBuffer loads: rawBufferLoad.<T>(handle, byte offset, element
// offset undef, mask of the components read, alignment = element size).

ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    // CHECK: [[H:%"In[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"In", %"dx.types.ResourceProperties" {i32 11, i32 0})

    // CHECK: [[R1:%"load[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" [[H]], i32 0, i32 undef, i8 1, i32 4)
    // CHECK-NEXT: extractvalue %"dx.types.ResRet.i32" [[R1]], 0
    uint a = In.Load(0);

    // CHECK: [[OFF:%"\.[0-9]+"]] = mul i32 %{{.*}}, 16
    // CHECK-NEXT: [[R4:%"load[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" [[H]], i32 [[OFF]], i32 undef, i8 15, i32 4)
    // CHECK-NEXT: extractvalue %"dx.types.ResRet.i32" [[R4]], 0
    // CHECK-NEXT: extractvalue %"dx.types.ResRet.i32" [[R4]], 1
    // CHECK-NEXT: extractvalue %"dx.types.ResRet.i32" [[R4]], 2
    // CHECK-NEXT: extractvalue %"dx.types.ResRet.i32" [[R4]], 3
    uint4 b = In.Load4(gi * 16);

    // CHECK: call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" [[H]], i32 20, i32 undef, i8 3, i32 4)
    uint2 c = In.Load2(20);
    // CHECK: call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" [[H]], i32 28, i32 undef, i8 7, i32 4)
    uint3 d = In.Load3(28);

    // CHECK: [[RF:%"load[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"(i32 139, %"dx.types.Handle" [[H]], i32 48, i32 undef, i8 3, i32 4)
    // CHECK-NEXT: extractvalue %"dx.types.ResRet.f32" [[RF]], 0
    // CHECK-NEXT: extractvalue %"dx.types.ResRet.f32" [[RF]], 1
    float2 f = In.Load<float2>(48);

    // CHECK: call %"dx.types.ResRet.f16" @"dx.op.rawBufferLoad.f16"(i32 139, %"dx.types.Handle" [[H]], i32 56, i32 undef, i8 3, i32 2)
    half2 h = In.Load<half2>(56);

    // A RWByteAddressBuffer loads the same way.
    // CHECK: call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" %"Out.1", i32 64, i32 undef, i8 1, i32 4)
    uint e = Out.Load(64);

    Out.Store(0, a + b.w + c.y + d.z + e + asuint(f.x + (float)h.y));
}

// CHECK-DAG: declare %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", i8 %".5", i32 %".6") nounwind readonly
// CHECK-DAG: declare %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", i8 %".5", i32 %".6") nounwind readonly
