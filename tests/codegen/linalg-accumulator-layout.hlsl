// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// AccumulatorLayout(): matrixQueryAccumulatorLayout, no overload suffix,
// returns i32, readnone.

#include <dx/linalg.h>
using namespace dx::linalg;

RWByteAddressBuffer Out : register(u0);

[numthreads(1, 1, 1)]
void main()
{
    // CHECK: [[L:%"layout[.0-9]*"]] = call i32 @"dx.op.matrixQueryAccumulatorLayout"(i32 411)
    // CHECK-NEXT: store i32 [[L]], i32* %"use"
    MatrixUse use = AccumulatorLayout();
    // CHECK: icmp eq i32 %{{.*}}, 1
    if (use == MatrixUse::B)
        Out.Store(0, 1u);
}

// CHECK: declare i32 @"dx.op.matrixQueryAccumulatorLayout"(i32 %".1") nounwind readnone
