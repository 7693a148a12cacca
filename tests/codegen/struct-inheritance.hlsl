// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// A derived struct holds its bases' members first, in memory and in
// buffers; base members and member functions are found through it, and a
// derived value converts to its base.

struct X { int a1; int getA() { return a1; } };
struct Y : X { int2 a2; };

cbuffer CB : register(b0) { X x1; Y y; };
RWStructuredBuffer<Y> Out : register(u0);
RWStructuredBuffer<X> Bases : register(u1);

[numthreads(1, 1, 1)]
void main() {
  // y starts row 1: a1 is row 1 component 0, a2 rows 1 components 1-2.
  // CHECK: [[R:%"cb[.0-9]*"]] = call %"dx.types.CBufRet.i32" @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" {{%"CB[.0-9]*"}}, i32 1)
  // CHECK: extractvalue %"dx.types.CBufRet.i32" [[R]], 0
  Y v = y;
  // The element stride is 12: a1 at 0, a2 at 4.
  // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" [[O:%"Out[.0-9]*"]], i32 0, i32 0,
  // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" [[O]], i32 0, i32 4,
  Out[0] = v;
  Out[0].a1 = v.getA() + x1.a1;
  X base = v;
  Bases[0] = base;
}
