// Regressions of internal compiler errors found on real shaders:
// RWStructuredBuffer elements of a local resource array (KeyError: no
// resource properties), and a bool loaded from and stored to a byte-address
// buffer (bools are 32-bit words in memory: i32 loads, icmp ne, zext).
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s

RWStructuredBuffer<int> X : register(u0);
RWStructuredBuffer<int> Y : register(u1);
ByteAddressBuffer Flags : register(t0);
RWByteAddressBuffer Out : register(u2);

[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  RWStructuredBuffer<int> Local[2] = {X, Y};
  // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"\.[0-9]+"}}, i32 {{%"\.[0-9]+"}}, i32 0, i32 2,
  Local[gi % 2][gi] = 2;

  // CHECK: [[B:%"load[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.rawBufferLoad.i32"(i32 139, %"dx.types.Handle" {{%"Flags[.0-9]*"}}, i32 0, i32 undef, i8 1, i32 4)
  // CHECK-NEXT: [[W:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[B]], 0
  // CHECK-NEXT: icmp ne i32 [[W]], 0
  bool b = Flags.Load<bool>(0);
  // CHECK: [[Z:%"\.[0-9]+"]] = zext i1 {{%"\.[0-9]+"}} to i32
  // CHECK-NEXT: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" {{%"Out[.0-9]*"}}, i32 4, i32 undef, i32 [[Z]], i32 undef, i32 undef, i32 undef, i8 1, i32 4)
  Out.Store<bool>(4, !b);
}
