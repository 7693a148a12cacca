// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// A compute entry is `define void @main()`: each system value comes from its
// DXIL operation, one call per component (threadId 93, groupId 94,
// threadIdInGroup 95) or one call (flattenedThreadIdInGroup 96).

RWByteAddressBuffer Out : register(u0);

// CHECK-LABEL: define void @"main"()
[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint2 gid : SV_GroupID,
          uint gtx : SV_GroupThreadID, uint gi : SV_GroupIndex)
{
    // CHECK: [[T0:%"\.[0-9]+"]] = call i32 @"dx.op.threadId.i32"(i32 93, i32 0)
    // CHECK-NEXT: [[T1:%"\.[0-9]+"]] = call i32 @"dx.op.threadId.i32"(i32 93, i32 1)
    // CHECK-NEXT: [[T2:%"\.[0-9]+"]] = call i32 @"dx.op.threadId.i32"(i32 93, i32 2)
    // CHECK-NEXT: [[V0:%"\.[0-9]+"]] = insertelement <3 x i32> {{.*}}, i32 [[T0]], i32 0
    // CHECK-NEXT: [[V1:%"\.[0-9]+"]] = insertelement <3 x i32> [[V0]], i32 [[T1]], i32 1
    // CHECK-NEXT: [[V2:%"\.[0-9]+"]] = insertelement <3 x i32> [[V1]], i32 [[T2]], i32 2
    // CHECK-NEXT: store <3 x i32> [[V2]], <3 x i32>* %"tid"

    // Two components for a uint2.
    // CHECK: call i32 @"dx.op.groupId.i32"(i32 94, i32 0)
    // CHECK-NEXT: call i32 @"dx.op.groupId.i32"(i32 94, i32 1)
    // CHECK-NOT: @"dx.op.groupId.i32"(i32 94, i32 2)

    // One component for a scalar.
    // CHECK: [[GT:%"\.[0-9]+"]] = call i32 @"dx.op.threadIdInGroup.i32"(i32 95, i32 0)
    // CHECK-NEXT: store i32 [[GT]], i32* %"gtx"
    // CHECK-NOT: @"dx.op.threadIdInGroup.i32"(i32 95, i32 1)

    // CHECK: [[GI:%"idx[.0-9]*"]] = call i32 @"dx.op.flattenedThreadIdInGroup.i32"(i32 96)
    // CHECK-NEXT: store i32 [[GI]], i32* %"gi"
    Out.Store(0, tid.x + tid.y + tid.z + gid.x + gid.y + gtx + gi);
}

// CHECK-DAG: declare i32 @"dx.op.threadId.i32"(i32 %".1", i32 %".2") nounwind readnone
// CHECK-DAG: declare i32 @"dx.op.groupId.i32"(i32 %".1", i32 %".2") nounwind readnone
// CHECK-DAG: declare i32 @"dx.op.threadIdInGroup.i32"(i32 %".1", i32 %".2") nounwind readnone
// CHECK-DAG: declare i32 @"dx.op.flattenedThreadIdInGroup.i32"(i32 %".1") nounwind readnone
