// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// Where bit-fields lie in structured buffers and constant buffers: each
// storage unit is laid out as a member of its type (DXC's and MSVC's
// packing: consecutive bit-fields of one type share a unit while they fit;
// another type, an overflow or an unnamed ': 0' starts the next unit).
struct S2 { uint a : 30; uint b : 3; };           // overflow: 2 units
struct S6 { uint a : 1; int b : 1; };             // another type: 2 units
struct S4 { uint a : 1; uint : 0; uint b : 1; };  // ': 0' closes the unit
struct S14 { uint a : 1; uint b : 3; uint c : 8; };  // one unit
struct H { uint16_t a : 4; uint16_t b : 4; uint c : 1; };  // u16 unit, then u32 unit at 4
struct W { uint a : 8; uint64_t e : 40; uint f : 2; };    // u32 @0, u64 @8, u32 @16, size 24

RWStructuredBuffer<S2> B2;
RWStructuredBuffer<S6> B6;
RWStructuredBuffer<S4> B4;
RWStructuredBuffer<S14> B14;
RWStructuredBuffer<H> BH;
RWStructuredBuffer<W> BW;
RWStructuredBuffer<uint> Out;

cbuffer CB {
  float x;     // row 0 x
  S14 s14;     // row 1 x (a struct starts a row)
  W w;         // row 2: a @x, e @zw, f @ row 3 x
  uint after;  // row 3 y
};

[numthreads(1, 1, 1)]
void main() {
  // The second units lie at byte 4; S14's single unit at 0; W's last at 16.
  // CHECK: @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"B2[.0-9]*"}}, i32 0, i32 4,
  // CHECK: @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"B6[.0-9]*"}}, i32 0, i32 4,
  // CHECK: @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"B4[.0-9]*"}}, i32 0, i32 4,
  // CHECK: @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"B14[.0-9]*"}}, i32 0, i32 0,
  // CHECK: @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"BH[.0-9]*"}}, i32 0, i32 4,
  // CHECK: @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"BW[.0-9]*"}}, i32 0, i32 16,
  B2[0].b = 1; B6[0].b = 1; B4[0].b = 1; B14[0].c = 1; BH[0].c = 1; BW[0].f = 1;

  // s14.c: row 1, x, bits 4-11.
  // CHECK: [[R1:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.i32" @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" {{%"CB[.0-9]*"}}, i32 1)
  // CHECK: [[C:%"\.[0-9]+"]] = extractvalue %"dx.types.CBufRet.i32" [[R1]], 0
  // CHECK: [[CS:%"\.[0-9]+"]] = lshr i32 [[C]], 4
  // CHECK: and i32 [[CS]], 255
  // w.f: row 3, x.
  // CHECK: @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" {{%"CB[.0-9]*"}}, i32 3)
  // CHECK: extractvalue %"dx.types.CBufRet.i32" {{%"cb[.0-9]*"}}, 0
  // w.e: row 2, the second 64-bit component.
  // CHECK: [[R2:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.i64" @"dx.op.cbufferLoadLegacy.i64"(i32 59, %"dx.types.Handle" {{%"CB[.0-9]*"}}, i32 2)
  // CHECK: [[E:%"\.[0-9]+"]] = extractvalue %"dx.types.CBufRet.i64" [[R2]], 1
  // CHECK: and i64 [[E]], 1099511627775
  // after: row 3, y (W's size stops after its last unit).
  // CHECK: @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" {{%"CB[.0-9]*"}}, i32 3)
  // CHECK: extractvalue %"dx.types.CBufRet.i32" {{%"cb[.0-9]*"}}, 1
  Out[0] = s14.c + w.f + (uint)w.e + after;
}

// Strides: S2, S6, S4 and H 8 bytes; S14 4; W 24.  The constant buffer is 64.
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, %"struct.RWStructuredBuffer<S2>"* undef, !"B2", i32 0, i32 {{[0-9]+}}, i32 1, i32 12, i1 0, i1 0, i1 0, [[S8:![0-9]+]] }
// CHECK-DAG: [[S8]] = !{ i32 1, i32 8 }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, %"struct.RWStructuredBuffer<S6>"* undef, !"B6", i32 0, i32 {{[0-9]+}}, i32 1, i32 12, i1 0, i1 0, i1 0, [[S8]] }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, %"struct.RWStructuredBuffer<S4>"* undef, !"B4", i32 0, i32 {{[0-9]+}}, i32 1, i32 12, i1 0, i1 0, i1 0, [[S8]] }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, %"struct.RWStructuredBuffer<H>"* undef, !"BH", i32 0, i32 {{[0-9]+}}, i32 1, i32 12, i1 0, i1 0, i1 0, [[S8]] }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, %"struct.RWStructuredBuffer<S14>"* undef, !"B14", i32 0, i32 {{[0-9]+}}, i32 1, i32 12, i1 0, i1 0, i1 0, [[S4:![0-9]+]] }
// CHECK-DAG: [[S4]] = !{ i32 1, i32 4 }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 {{[0-9]+}}, %"struct.RWStructuredBuffer<W>"* undef, !"BW", i32 0, i32 {{[0-9]+}}, i32 1, i32 12, i1 0, i1 0, i1 0, [[S24:![0-9]+]] }
// CHECK-DAG: [[S24]] = !{ i32 1, i32 24 }
// CHECK-DAG: !{{[0-9]+}} = !{ i32 0, %"CB"* undef, !"CB", i32 0, i32 0, i32 1, i32 64, null }
