// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// break branches to the loop's end, continue to its step block.

RWByteAddressBuffer Out : register(u0);

[numthreads(1, 1, 1)]
void main()
{
    uint sum = 0;
    // CHECK: br i1 %{{.*}}, label %"[[BODY:loop\.body[.0-9]*]]", label %"[[END:loop\.end[.0-9]*]]"
    // CHECK: [[BODY]]:
    // CHECK: icmp eq i32 %{{.*}}, 3
    // CHECK-NEXT: br i1 %{{.*}}, label %"[[CONT:if\.then[.0-9]*]]", label %"{{if\.end[.0-9]*}}"
    // CHECK: [[STEP:loop\.step[.0-9]*]]:
    // CHECK: [[CONT]]:
    // CHECK-NEXT: br label %"[[STEP]]"
    // CHECK: icmp eq i32 %{{.*}}, 6
    // CHECK-NEXT: br i1 %{{.*}}, label %"[[BRK:if\.then[.0-9]*]]", label %"{{if\.end[.0-9]*}}"
    // CHECK: [[BRK]]:
    // CHECK-NEXT: br label %"[[END]]"
    for (uint i = 0; i < 10; ++i) {
        if (i == 3)
            continue;
        if (i == 6)
            break;
        sum += i;
    }
    Out.Store(0, sum);
}
