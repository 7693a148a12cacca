// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// WaveGetLaneIndex (111, readonly), WaveGetLaneCount (112, readnone) and
// WaveReadLaneFirst (118, overloaded on the value's type, one call per
// vector component).

RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main()
{
    // CHECK: [[LANE:%"lane[.0-9]*"]] = call i32 @"dx.op.waveGetLaneIndex"(i32 111)
    // CHECK-NEXT: store i32 [[LANE]], i32* %"lane"
    uint lane = WaveGetLaneIndex();
    // CHECK: call i32 @"dx.op.waveGetLaneCount"(i32 112)
    uint count = WaveGetLaneCount();

    // CHECK: [[L:%"\.[0-9]+"]] = load i32, i32* %"lane"
    // CHECK-NEXT: [[F:%"\.[0-9]+"]] = call i32 @"dx.op.waveReadLaneFirst.i32"(i32 118, i32 [[L]])
    // CHECK-NEXT: store i32 [[F]], i32* %"first"
    uint first = WaveReadLaneFirst(lane);

    // CHECK: call float @"dx.op.waveReadLaneFirst.f32"(i32 118, float %{{.*}})
    float f = WaveReadLaneFirst((float)lane * 0.5f);

    // CHECK: [[E0:%"\.[0-9]+"]] = extractelement <2 x i32> [[VEC:%"\.[0-9]+"]], i32 0
    // CHECK-NEXT: call i32 @"dx.op.waveReadLaneFirst.i32"(i32 118, i32 [[E0]])
    // CHECK-NEXT: [[E1:%"\.[0-9]+"]] = extractelement <2 x i32> [[VEC]], i32 1
    // CHECK-NEXT: call i32 @"dx.op.waveReadLaneFirst.i32"(i32 118, i32 [[E1]])
    uint2 v = WaveReadLaneFirst(uint2(lane, count));

    Out.Store(0, first + count + v.y + asuint(f));
}

// CHECK-DAG: declare i32 @"dx.op.waveGetLaneIndex"(i32 %".1") nounwind readonly
// CHECK-DAG: declare i32 @"dx.op.waveGetLaneCount"(i32 %".1") nounwind readnone
// CHECK-DAG: declare i32 @"dx.op.waveReadLaneFirst.i32"(i32 %".1", i32 %".2") nounwind
// CHECK-DAG: declare float @"dx.op.waveReadLaneFirst.f32"(i32 %".1", float %".2") nounwind
