// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// switch: an LLVM switch on the i32 value with one block per label; a case
// without break falls through to the next label's block, break goes to
// switch.end.

RWByteAddressBuffer Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint gi : SV_GroupIndex)
{
    uint value = 0;
    // CHECK: [[V:%"\.[0-9]+"]] = load i32, i32* %"gi"
    // CHECK-NEXT: switch i32 [[V]], label %"[[DEF:switch\.case[.0-9]*]]" [i32 0, label %"[[C0:switch\.case[.0-9]*]]" i32 1, label %"[[C1:switch\.case[.0-9]*]]" i32 5, label %"[[C5:switch\.case[.0-9]*]]"]
    switch (gi) {
    case 0:
        value = 10;
        break;
    case 1:
    case 5:
        value = 20;
    default:
        value += 1;
        break;
    }
    // CHECK: [[C0]]:
    // CHECK-NEXT: store i32 10, i32* %"value"
    // CHECK-NEXT: br label %"[[END:switch\.end[.0-9]*]]"
    // CHECK: [[C1]]:
    // CHECK-NEXT: br label %"[[C5]]"
    // CHECK: [[C5]]:
    // CHECK-NEXT: store i32 20, i32* %"value"
    // CHECK-NEXT: br label %"[[DEF]]"
    // CHECK: [[DEF]]:
    // CHECK: add i32 %{{.*}}, 1
    // CHECK: br label %"[[END]]"
    Out.Store(0, value);
}
