// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Member functions of user structs are inlined like other functions, with
// `this` the object's storage: a local's alloca, or a copy of a buffer
// element (written back after the call when the element can be written).
// Data members named inside a member function are `this->member`; static
// member functions need no object; a struct's operators are its members.

struct Acc {
  float sum;
  uint n;
  void add(float v) { sum += v; n++; }
  float mean() { return this.sum / n; }
  static float twice(float x) { return 2 * x; }
  Acc operator+(Acc other) { Acc r; r.sum = sum + other.sum; r.n = n + other.n; return r; }
};

RWStructuredBuffer<Acc> Totals : register(u0);
RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
  Acc a;
  a.sum = 0;
  a.n = 0;
  // CHECK: [[A:%"a[.0-9]*"]] = alloca {float, i32}
  // `sum += v` on the caller's `a`: field 0 of its alloca.
  // CHECK: getelementptr {float, i32}, {float, i32}* [[A]], i32 0, i32 0
  a.add(1.0);
  a.add(3.0);
  // A buffer element's method: loaded into a copy, and stored back.
  // CHECK: call %"dx.types.ResRet.f32" @"dx.op.rawBufferLoad.f32"(i32 139, %"dx.types.Handle" [[T:%"Totals[.0-9]*"]], i32 2, i32 0, i8 1, i32 4)
  // CHECK: call void @"dx.op.rawBufferStore.f32"(i32 140, %"dx.types.Handle" [[T]], i32 2, i32 0,
  // CHECK: call void @"dx.op.rawBufferStore.i32"(i32 140, %"dx.types.Handle" [[T]], i32 2, i32 4,
  Totals[2].add(5.0);
  Acc b = a + Totals[1];
  Out[0] = b.mean() + Acc::twice(2);
}
