// DXC's integer operations with two results, the bit-field extracts and
// the legacy double conversions on the CPU (hlslc's lowering emits none of
// them; Inputs/integer-ops.ll calls each): UDiv 7/2 and 5/0 (D3D: both
// results 0xFFFFFFFF), UAddc 0xFFFFFFFF+2 (carry), USubb 1-2 (borrow) and
// 5-2, Ibfe/Ubfe of 4 bits at 4 of 0xF0, Ibfe of 8 bits at 28 (only 4
// there), Ubfe of 0 bits, and 2.5, -3.75, 3000000000.9 converted.
// RUN: %hlslc run %S/Inputs/integer-ops.ll --pipeline %S/integer-ops.yaml | FileCheck %s
// CHECK: Integers: pass

[numthreads(1, 1, 1)]
void main() {}
