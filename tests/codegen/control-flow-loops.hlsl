// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// for, while and do-while: loop.cond / loop.body / loop.step / loop.end
// blocks; a do-while enters at its body, the others at their condition.

RWByteAddressBuffer Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    uint sum = 0;

    // for: init, then the condition.
    // CHECK: store i32 0, i32* %"i"
    // CHECK-NEXT: br label %"[[FC:loop\.cond[.0-9]*]]"
    // CHECK: [[FC]]:
    // CHECK: [[FT:%"\.[0-9]+"]] = icmp ult i32 %{{.*}}, 8
    // CHECK-NEXT: br i1 [[FT]], label %"[[FB:loop\.body[.0-9]*]]", label %"[[FE:loop\.end[.0-9]*]]"
    // CHECK: [[FB]]:
    // CHECK: br label %"[[FS:loop\.step[.0-9]*]]"
    // CHECK: [[FS]]:
    // CHECK: add i32 %{{.*}}, 1
    // CHECK: br label %"[[FC]]"
    for (uint i = 0; i < 8; ++i)
        sum += i;

    // while
    // CHECK: [[FE]]:
    // CHECK-NEXT: br label %"[[WC:loop\.cond[.0-9]*]]"
    // CHECK: [[WC]]:
    // CHECK: [[WT:%"\.[0-9]+"]] = icmp ugt i32 %{{.*}}, 100
    // CHECK-NEXT: br i1 [[WT]], label %"[[WB:loop\.body[.0-9]*]]", label %"[[WE:loop\.end[.0-9]*]]"
    // CHECK: [[WB]]:
    // CHECK: sub i32 %{{.*}}, 3
    while (sum > 100)
        sum -= 3;

    // do-while: straight into the body.
    // CHECK: [[WE]]:
    // CHECK-NEXT: br label %"[[DB:loop\.body[.0-9]*]]"
    // CHECK: [[DC:loop\.cond[.0-9]*]]:
    // CHECK: [[DT:%"\.[0-9]+"]] = icmp ult i32 %{{.*}}, %{{.*}}
    // CHECK-NEXT: br i1 [[DT]], label %"[[DB]]", label %"{{loop\.end[.0-9]*}}"
    // CHECK: [[DB]]:
    // CHECK: mul i32 %{{.*}}, 2
    do {
        sum *= 2;
    } while (sum < gi);

    Out.Store(0, sum);
}
