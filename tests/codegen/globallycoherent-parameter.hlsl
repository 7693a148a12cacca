// `globallycoherent` on a parameter (DXC's HLSLFileCheck
// createHandleFromHeap/glc_merge): accepted; the handle keeps the
// declaration's globally coherent bit (bit 14 of its properties).
// RUN: %hlslc -T cs_6_6 %s | FileCheck %s
// CHECK: @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Buffer0", %"dx.types.ResourceProperties" {i32 20491, i32 0})
// CHECK-NOT: @"dx.op.annotateHandle"(i32 216

globallycoherent RWByteAddressBuffer Buffer0;

void Bar(globallycoherent RWByteAddressBuffer Buffer1) { Buffer1.Store(0, 0); }

[numthreads(1, 1, 1)]
void main() {
  Buffer0.Store(0, 0);
  Bar(Buffer0);
}
