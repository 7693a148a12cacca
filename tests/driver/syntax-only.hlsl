// A clean compile prints nothing and exits 0, with -fsyntax-only and without
// it (until lowering lands there is no IR to write, so -o creates nothing
// and says so).
// -E names the entry point (both forms).
// RUN: %hlslc -fsyntax-only %s 2>&1 | FileCheck %s --allow-empty
// RUN: %hlslc %s -o %t 2>&1 | FileCheck %s --allow-empty
// RUN: %hlslc -E main -T cs_6_10 %s -o %t 2>&1 | FileCheck %s --allow-empty
// RUN: %hlslc -Emain -Tlib_6_8 -fsyntax-only %s 2>&1 | FileCheck %s --allow-empty
// RUN: rm -f %t && %hlslc -fsyntax-only %s -o %t 2>&1 | FileCheck %s --allow-empty && not cat %t

RWByteAddressBuffer Output : register(u0);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Output.Store(id.x * 4, id.x);
}

// CHECK-NOT: {{.}}
