// RUN: %hlslc -T cs_6_6 %s | FileCheck %s --check-prefix=CS
// RUN: %hlslc -T lib_6_6 %s | FileCheck %s --check-prefix=LIB
// RUN: %hlslc -T lib_6_5 %s | FileCheck %s --check-prefix=OLDLIB
// IsHelperLane: helper lanes exist only in pixel shaders, so a compute
// shader gets `false` (DXC folds the call away).  A library may be linked
// into a pixel shader: from SM 6.6 it calls isHelperLane.i1 (221); before,
// it reads DXC's `@dx.ishelper` word, zero unless the pixel shader sets it.

RWStructuredBuffer<uint> Out : register(u0);

[shader("compute")]
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // CS-NOT: isHelperLane
  // CS: store i1 0, i1* %"helper"
  // LIB: [[H:%"\.[0-9]+"]] = call i1 @"dx.op.isHelperLane.i1"(i32 221)
  // LIB-NEXT: store i1 [[H]], i1* %"helper"
  // OLDLIB: [[W:%"\.[0-9]+"]] = load i32, i32* @"dx.ishelper"
  // OLDLIB-NEXT: [[H:%"\.[0-9]+"]] = trunc i32 [[W]] to i1
  // OLDLIB-NEXT: store i1 [[H]], i1* %"helper"
  bool helper = IsHelperLane();
  Out[id.x] = helper ? 1 : 0;
}

// LIB: declare i1 @"dx.op.isHelperLane.i1"(i32 %".1") nounwind readonly
// OLDLIB: @"dx.ishelper" = global i32 0
