// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// HLSL 2021 bit-fields, as DXC lowers them: consecutive bit-fields of one
// type share a storage unit of that type, filled from the least significant
// bit (a field of another type, or one that does not fit, starts a new
// unit), so the struct's LLVM type holds the units.  A read loads the unit
// and shifts and masks (unsigned) or shifts left then arithmetic-shifts
// right (signed); a write is a read-modify-write of the unit.

struct Flags {
  uint a : 4;       // unit 0, bits 0-3
  uint b : 12;      // unit 0, bits 4-15
  uint c : 16;      // unit 0, bits 16-31
  int d : 8;        // unit 1 (another type), bits 0-7
  uint64_t e : 40;  // unit 2 (i64), bits 0-39
};

RWStructuredBuffer<Flags> Buf : register(u0);
RWStructuredBuffer<int> Out : register(u1);
cbuffer Params : register(b0) {
  Flags p;
};

[numthreads(1, 1, 1)]
void main(uint id : SV_DispatchThreadID) {
  // CHECK: %"f" = alloca {i32, i32, i64}

  // The initialiser fills the units field by field.
  // CHECK: and i32 1, 15
  // CHECK: and i32 2, 4095
  // CHECK: shl i32 {{%"\.[0-9]+"}}, 4
  // CHECK: and i32 {{%"\.[0-9]+"}}, -65521
  // CHECK: and i32 3, 65535
  // CHECK: shl i32 {{%"\.[0-9]+"}}, 16
  // CHECK: and i32 -4, 255
  // CHECK: and i64 5, 1099511627775
  Flags f = {1, 2, 3, -4, 5};

  // f.b += 1: load unit 0, extract bits 4-15, add, write them back.
  // CHECK: [[P:%"\.[0-9]+"]] = getelementptr {i32, i32, i64}, {i32, i32, i64}* %"f", i32 0, i32 0
  // CHECK: [[U:%"\.[0-9]+"]] = load i32, i32* [[P]]
  // CHECK: [[S:%"\.[0-9]+"]] = lshr i32 [[U]], 4
  // CHECK: [[B:%"\.[0-9]+"]] = and i32 [[S]], 4095
  // CHECK: [[N:%"\.[0-9]+"]] = add i32 [[B]], 1
  // CHECK: [[P2:%"\.[0-9]+"]] = getelementptr {i32, i32, i64}, {i32, i32, i64}* %"f", i32 0, i32 0
  // CHECK: [[U2:%"\.[0-9]+"]] = load i32, i32* [[P2]]
  // CHECK: [[M:%"\.[0-9]+"]] = and i32 [[N]], 4095
  // CHECK: [[SH:%"\.[0-9]+"]] = shl i32 [[M]], 4
  // CHECK: [[K:%"\.[0-9]+"]] = and i32 [[U2]], -65521
  // CHECK: [[R:%"\.[0-9]+"]] = or i32 [[K]], [[SH]]
  // CHECK: store i32 [[R]], i32* [[P2]]
  f.b += 1;

  // f.d-- (signed): shl 24 then ashr 24 sign-extends bits 0-7.
  // CHECK: getelementptr {i32, i32, i64}, {i32, i32, i64}* %"f", i32 0, i32 1
  // CHECK: [[D:%"\.[0-9]+"]] = load i32
  // CHECK: [[DL:%"\.[0-9]+"]] = shl i32 [[D]], 24
  // CHECK: [[DS:%"\.[0-9]+"]] = ashr i32 [[DL]], 24
  // CHECK: sub i32 [[DS]], 1
  // CHECK: and i32 {{%"\.[0-9]+"}}, -256
  f.d--;

  // A structured-buffer element: read-modify-write of the unit at byte 0.
  // CHECK: [[L:%"load[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" {{%"Buf[.0-9]*"}}, i32 [[I:%"\.[0-9]+"]], i32 0, i8 1, i32 4)
  // CHECK: [[LV:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[L]], 0
  // CHECK: [[C:%"\.[0-9]+"]] = and i32 {{%"\.[0-9]+"}}, 65535
  // CHECK: [[CS:%"\.[0-9]+"]] = shl i32 [[C]], 16
  // CHECK: [[KEEP:%"\.[0-9]+"]] = and i32 [[LV]], 65535
  // CHECK: [[NEW:%"\.[0-9]+"]] = or i32 [[KEEP]], [[CS]]
  // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"Buf[.0-9]*"}}, i32 [[I]], i32 0, i32 [[NEW]], i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  Buf[id].c = id;

  // The 40-bit field of the i64 unit at byte 8.
  // CHECK: @"dx.op.rawBufferLoad.i64"(i32 139, %"dx.types.Handle" {{%"Buf[.0-9]*"}}, i32 {{%"\.[0-9]+"}}, i32 8, i8 1, i32 8)
  // CHECK: and i64 {{%"\.[0-9]+"}}, 1099511627775
  // CHECK: and i64 {{%"\.[0-9]+"}}, -1099511627776
  // CHECK: @"dx.op.rawBufferStore.i64"(i32 140, %"dx.types.Handle" {{%"Buf[.0-9]*"}}, i32 {{%"\.[0-9]+"}}, i32 8, i64
  Buf[id].e++;

  // A constant-buffer read: row 0, component 1 holds unit 1 (d).
  // CHECK: [[CB:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.i32" @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" {{%"Params[.0-9]*"}}, i32 0)
  // CHECK: [[CD:%"\.[0-9]+"]] = extractvalue %"dx.types.CBufRet.i32" [[CB]], 1
  // CHECK: [[CDL:%"\.[0-9]+"]] = shl i32 [[CD]], 24
  // CHECK: ashr i32 [[CDL]], 24
  Out[0] = p.d;

  Out[1] = f.a + f.b + f.c + f.d;
}

// The buffer's stride counts the units: 4 + 4 + 8.
// CHECK: !{{[0-9]+}} = !{ i32 1, i32 16 }
