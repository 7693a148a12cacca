// An atomic's destination cast to its own type is the destination (DXC's
// HLSLFileCheck intrinsics/atomic/atomic_cast); a cast to another type
// stays an error.
// RUN: %hlslc -T cs_6_0 %s | FileCheck %s
// CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"buffer", i32 2, i32 0, i32 undef, i32 undef, i32 1)
// RUN: not %hlslc -T cs_6_0 -fsyntax-only -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: the destination of 'InterlockedOr' must be a groupshared variable or an element of a writable (UAV) resource

RWBuffer<uint> buffer;

[numthreads(1, 1, 1)]
void main() {
  uint unused;
  InterlockedOr((uint)buffer[0], 1, unused);
#ifdef BAD
  InterlockedOr((int)buffer[0], 1, unused);
#endif
}
