// RUN: %hlslc -T cs_6_10 %s | FileCheck %s --check-prefixes=CHECK,THEN
// RUN: %hlslc -T cs_6_10 %s | FileCheck %s --check-prefixes=CHECK,ELSE
// if / else: a conditional branch to if.then and if.else (or straight to
// if.end without an else), both joining at if.end.  The blocks' order in the
// function is not checked: one RUN line follows each branch.

RWByteAddressBuffer Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    uint value = 0;
    // CHECK: [[C1:%"\.[0-9]+"]] = icmp eq i32 %{{.*}}, 0
    // CHECK-NEXT: br i1 [[C1]], label %"[[THEN:if\.then[.0-9]*]]", label %"[[ELSE:if\.else[.0-9]*]]"
    if (gi == 0)
        value = 1;
    else
        value = 2;

    // THEN: [[THEN]]:
    // THEN-NEXT: store i32 1, i32* %"value"
    // THEN-NEXT: br label %"[[END:if\.end[.0-9]*]]"
    // THEN: [[END]]:
    // THEN: [[C2:%"\.[0-9]+"]] = icmp ugt i32 %{{.*}}, 7
    // THEN-NEXT: br i1 [[C2]], label %"[[THEN2:if\.then[.0-9]*]]", label %"[[END2:if\.end[.0-9]*]]"
    // THEN: [[THEN2]]:
    // THEN: add i32 %{{.*}}, 10
    // THEN: br label %"[[END2]]"
    // THEN: [[END2]]:
    // THEN-NEXT: load i32, i32* %"value"
    // THEN-NEXT: call void @"dx.op.rawBufferStore.i32"
    if (gi > 7)
        value += 10;

    // ELSE: [[ELSE]]:
    // ELSE-NEXT: store i32 2, i32* %"value"
    // ELSE-NEXT: br label %"{{if\.end[.0-9]*}}"
    Out.Store(0, value);
}
