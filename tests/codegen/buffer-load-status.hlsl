// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// The `out uint status` of a buffer Load is what DXC writes: the load's
// ResRet status field through checkAccessFullyMapped, widened to uint (an
// element read in several loads reports its last one).
// CheckAccessFullyMapped(status) then truncates it back to bool.

struct Pair { float4 a; uint b; };
ByteAddressBuffer Raw : register(t0);
Buffer<float4> Typed : register(t1);
StructuredBuffer<Pair> Pairs : register(t2);
RWStructuredBuffer<int> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint s0, s1, s2;
  // CHECK: [[R:%"load[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" %"Raw{{[.0-9]*}}", i32 16, i32 undef, i8 3, i32 4)
  // CHECK: [[S:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[R]], 4
  // CHECK-NEXT: [[M:%"mapped[.0-9]*"]] = call i1 @"dx.op.checkAccessFullyMapped.i32"(i32 71, i32 [[S]])
  // CHECK-NEXT: [[Z:%"\.[0-9]+"]] = zext i1 [[M]] to i32
  // CHECK-NEXT: store i32 [[Z]], i32* %"s0"
  uint2 raw = Raw.Load2(16, s0);

  // CHECK: [[T:%"load[.0-9]*"]] = call %"dx.types.ResRet.f32" @"dx.op.bufferLoad.f32"(i32 68, %"dx.types.Handle" %"Typed{{[.0-9]*}}", i32 {{%"\.[0-9]+"}}, i32 undef)
  // CHECK: [[S:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.f32" [[T]], 4
  // CHECK-NEXT: call i1 @"dx.op.checkAccessFullyMapped.i32"(i32 71, i32 [[S]])
  float4 typed = Typed.Load(tid.x, s1);

  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"(i32 139, %"dx.types.Handle" [[P:%"Pairs[.0-9]*"]], i32 3, i32 0, i8 15, i32 4)
  // CHECK: [[L:%"load[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" [[P]], i32 3, i32 16, i8 1, i32 4)
  // CHECK: [[S:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[L]], 4
  // CHECK-NEXT: call i1 @"dx.op.checkAccessFullyMapped.i32"(i32 71, i32 [[S]])
  Pair p = Pairs.Load(3, s2);

  // CHECK: [[V:%"\.[0-9]+"]] = load i32, i32* %"s0"
  // CHECK-NEXT: trunc i32 [[V]] to i1
  bool mapped = CheckAccessFullyMapped(s0);
  Out[0] = mapped && CheckAccessFullyMapped(s1) && CheckAccessFullyMapped(s2) ? raw.x + (int)typed.x + p.b : -1;
}
