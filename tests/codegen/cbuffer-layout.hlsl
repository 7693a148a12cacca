// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// The legacy 16-byte-row layout of constant buffers, as DXC computes it:
// cbufferLoadLegacy.<T>(handle, row) reads one row, and the member is the
// component at (offset % 16) / size.  Scalars and vectors pack into a row
// unless they would straddle it; arrays, structs and matrices start a new
// row; array elements each start a row; a struct's size stops after its
// last member, so the next member may share its last row.

struct Pair { float a; uint b; };

cbuffer Params : register(b2, space1) {
  float  f0;      // row 0, x
  float2 f1;      // row 0, yz
  float2 f2;      // row 1, xy (would straddle row 0)
  uint   u3;      // row 1, z
  float  arr[3];  // rows 2, 3, 4 (x each)
  Pair   p;       // row 5: a x, b y
  float  after;   // row 5, z: shares the struct's last row
  int3   i6;      // row 6, xyz
  bool   flag;    // row 6, w (bools are 32-bit)
  double d7;      // row 7, first double
  column_major float2x3 cm;  // rows 8-10: one row per column
  row_major float2x3 rm;     // rows 11-12: one row per row
};

RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  // CHECK: [[CB:%"Params[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Params", %"dx.types.ResourceProperties" {i32 13, i32 208})

  // CHECK: [[R0:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" [[CB]], i32 0)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f32" [[R0]], 0
  Out[0] = f0;
  // CHECK: [[R0B:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" [[CB]], i32 0)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f32" [[R0B]], 1
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f32" [[R0B]], 2
  float2 v1 = f1;
  Out[1] = v1.x + v1.y;
  // CHECK: [[R1:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" [[CB]], i32 1)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f32" [[R1]], 0
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f32" [[R1]], 1
  float2 v2 = f2;
  Out[2] = v2.x + v2.y;
  // CHECK: [[R1U:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.i32" @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" [[CB]], i32 1)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.i32" [[R1U]], 2
  Out[3] = u3;
  // CHECK: call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" [[CB]], i32 4)
  Out[4] = arr[2];
  // CHECK: [[R5:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.i32" @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" [[CB]], i32 5)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.i32" [[R5]], 1
  Out[5] = p.b;
  // CHECK: [[R5F:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" [[CB]], i32 5)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f32" [[R5F]], 2
  Out[6] = after;
  // CHECK: [[R6:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.i32" @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" [[CB]], i32 6)
  // CHECK-NEXT: [[FLAG:%"\.[0-9]+"]] = extractvalue %"dx.types.CBufRet.i32" [[R6]], 3
  // CHECK-NEXT: icmp ne i32 [[FLAG]], 0
  Out[7] = flag ? 1.0 : 0.0;
  // CHECK: [[R7:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.f64" @"dx.op.cbufferLoadLegacy.f64"(i32 59, %"dx.types.Handle" [[CB]], i32 7)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f64" [[R7]], 0
  Out[8] = (float)d7;
  // cm[1][2] is column 2, row 1: row 8 + 2, component 1.
  // CHECK: [[R10:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" [[CB]], i32 10)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f32" [[R10]], 1
  Out[9] = cm[1][2];
  // rm[1][2] is row 1, column 2: row 11 + 1, component 2.
  // CHECK: [[R12:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" [[CB]], i32 12)
  // CHECK-NEXT: extractvalue %"dx.types.CBufRet.f32" [[R12]], 2
  Out[10] = rm[1][2];
}

// The record: size 208 bytes (13 rows), register b2 in space 1.
// CHECK: !{ i32 0, %"Params"* undef, !"Params", i32 1, i32 2, i32 1, i32 208, null }
