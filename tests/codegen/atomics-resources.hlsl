// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Atomics on UAV elements are AtomicBinOp (78: handle, AtomicBinOpCode,
// three coordinates, value; the call named after the operation as DXC
// names it) and AtomicCompareExchange (79: handle, three coordinates,
// compare, value).  AtomicBinOpCode: Add 0, And 1, Or 2, Xor 3, IMin 4,
// IMax 5, UMin 6, UMax 7, Exchange 8.  Coordinates: a structured buffer's
// element index and byte offset inside the element; a byte-address
// buffer's address; a typed buffer's index; a texture's x, y, z (or array
// slice); unused ones undef.  Min/Max are signed or unsigned by the
// destination's type, by the value's type for the byte-address methods.

struct Stats { uint count; int low; uint4 bins; };
RWStructuredBuffer<Stats> S : register(u0);
RWStructuredBuffer<float> F : register(u1);
RWBuffer<uint> TB : register(u2);
RWBuffer<int> TI : register(u3);
RWTexture1D<uint> T1 : register(u4);
RWTexture2D<int> T2 : register(u5);
RWTexture2DArray<uint> TA : register(u6);
RWTexture3D<uint> T3 : register(u7);
RWByteAddressBuffer B : register(u8);
RWStructuredBuffer<int2x2> Mats : register(u9);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint orig;
  // CHECK: [[I:%"\.[0-9]+"]] = extractelement <3 x i32> %{{.*}}, i32 0
  // CHECK-NEXT: [[ADD:%"AtomicAdd[.0-9]*"]] = call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"S{{[.0-9]*}}", i32 0, i32 [[I]], i32 0, i32 undef, i32 1)
  // CHECK-NEXT: store i32 [[ADD]], i32* %"orig"
  InterlockedAdd(S[id.x].count, 1, orig);
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"S{{[.0-9]*}}", i32 4, i32 0, i32 4, i32 undef, i32 %{{.*}})
  InterlockedMin(S[0].low, (int)id.x - 7);
  // A component with a constant index, then a variable one (4 bytes each).
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"S{{[.0-9]*}}", i32 7, i32 0, i32 12, i32 undef, i32 %{{.*}})
  InterlockedMax(S[0].bins.y, id.x);
  // CHECK: [[J:%"\.[0-9]+"]] = and i32 %{{.*}}, 3
  // CHECK-NEXT: [[OFF:%"\.[0-9]+"]] = mul i32 [[J]], 4
  // CHECK-NEXT: [[AT:%"\.[0-9]+"]] = add i32 [[OFF]], 8
  // CHECK-NEXT: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"S{{[.0-9]*}}", i32 2, i32 0, i32 [[AT]], i32 undef, i32 1)
  InterlockedOr(S[0].bins[id.x & 3], 1);

  // A column-major matrix element at a variable row and column: (c * 2 + r) * 4.
  // CHECK: [[C2:%"\.[0-9]+"]] = mul i32 [[COL:%"\.[0-9]+"]], 2
  // CHECK-NEXT: [[CR:%"\.[0-9]+"]] = add i32 [[C2]], [[ROW:%"\.[0-9]+"]]
  // CHECK-NEXT: [[MOFF:%"\.[0-9]+"]] = mul i32 [[CR]], 4
  // CHECK-NEXT: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"Mats{{[.0-9]*}}", i32 5, i32 1, i32 [[MOFF]], i32 undef, i32 -1)
  InterlockedMax(Mats[1][id.x & 1][id.y & 1], -1);

  // A float element exchanges bits.
  float old;
  // CHECK: [[FX:%"AtomicExchange[.0-9]*"]] = call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"F{{[.0-9]*}}", i32 8, i32 %{{.*}}, i32 0, i32 undef, i32 1056964608)
  // CHECK-NEXT: [[FO:%"\.[0-9]+"]] = bitcast i32 [[FX]] to float
  // CHECK-NEXT: store float [[FO]], float* %"old"
  InterlockedExchange(F[id.x], 0.5f, old);

  // Typed buffers and textures.
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"TB{{[.0-9]*}}", i32 3, i32 %{{.*}}, i32 undef, i32 undef, i32 %{{.*}})
  InterlockedXor(TB[id.x], id.y);
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"TI{{[.0-9]*}}", i32 5, i32 0, i32 undef, i32 undef, i32 -3)
  InterlockedMax(TI[0], -3);
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"T1{{[.0-9]*}}", i32 6, i32 %{{.*}}, i32 undef, i32 undef, i32 2)
  InterlockedMin(T1[id.x], 2);
  // CHECK: [[X:%"\.[0-9]+"]] = extractelement <2 x i32> [[XY:%"\.[0-9]+"]], i32 0
  // CHECK-NEXT: [[Y:%"\.[0-9]+"]] = extractelement <2 x i32> [[XY]], i32 1
  // CHECK: call i32 @"dx.op.atomicCompareExchange.i32"(i32 79, %"dx.types.Handle" %"T2{{[.0-9]*}}", i32 [[X]], i32 [[Y]], i32 undef, i32 0, i32 %{{.*}})
  int iorig;
  InterlockedCompareExchange(T2[id.xy], 0, (int)id.z, iorig);
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"TA{{[.0-9]*}}", i32 0, i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}, i32 1)
  InterlockedAdd(TA[id], 1);
  // CHECK: call i32 @"dx.op.atomicCompareExchange.i32"(i32 79, %"dx.types.Handle" %"T3{{[.0-9]*}}", i32 %{{.*}}, i32 %{{.*}}, i32 %{{.*}}, i32 1, i32 2)
  InterlockedCompareStore(T3[id], 1, 2);

  // RWByteAddressBuffer methods: the byte address is the first coordinate.
  // CHECK: [[BA:%"AtomicAdd[.0-9]*"]] = call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 0, i32 16, i32 undef, i32 undef, i32 %{{.*}})
  // CHECK-NEXT: store i32 [[BA]], i32* %"orig"
  B.InterlockedAdd(16, id.x, orig);
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 4, i32 %{{.*}}, i32 undef, i32 undef, i32 -1)
  B.InterlockedMin(id.x * 4, -1);
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 7, i32 0, i32 undef, i32 undef, i32 %{{.*}})
  B.InterlockedMax(0, id.x);
  // CHECK: call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 8, i32 4, i32 undef, i32 undef, i32 9)
  B.InterlockedExchange(4, 9, orig);
  // CHECK: call i32 @"dx.op.atomicCompareExchange.i32"(i32 79, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 8, i32 undef, i32 undef, i32 0, i32 1)
  B.InterlockedCompareExchange(8, 0, 1, orig);
  // CHECK: call i32 @"dx.op.atomicCompareExchange.i32"(i32 79, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 12, i32 undef, i32 undef, i32 1, i32 0)
  B.InterlockedCompareStore(12, 1, 0);
  // CHECK: [[BF:%"AtomicExchange[.0-9]*"]] = call i32 @"dx.op.atomicBinOp.i32"(i32 78, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 8, i32 20, i32 undef, i32 undef, i32 1065353216)
  // CHECK-NEXT: bitcast i32 [[BF]] to float
  B.InterlockedExchangeFloat(20, 1.0f, old);
  // CHECK: call i32 @"dx.op.atomicCompareExchange.i32"(i32 79, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 24, i32 undef, i32 undef, i32 %{{.*}}, i32 0)
  B.InterlockedCompareExchangeFloatBitwise(24, old, 0.0f, old);
  // CHECK: call i32 @"dx.op.atomicCompareExchange.i32"(i32 79, %"dx.types.Handle" %"B{{[.0-9]*}}", i32 28, i32 undef, i32 undef, i32 0, i32 1065353216)
  B.InterlockedCompareStoreFloatBitwise(28, 0.0f, 1.0f);

  B.Store(32, orig + (uint)iorig + asuint(old));
}

// CHECK-DAG: declare i32 @"dx.op.atomicBinOp.i32"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6", i32 %".7") nounwind
// CHECK-DAG: declare i32 @"dx.op.atomicCompareExchange.i32"(i32 %".1", %"dx.types.Handle" %".2", i32 %".3", i32 %".4", i32 %".5", i32 %".6", i32 %".7") nounwind
