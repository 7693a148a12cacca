// Hexadecimal floating literals, as clang (so DXC) reads them: a hex
// significand with an optional point and a binary exponent `p`/`P` (which
// they require), then the usual suffixes: `0x1.0p-24f` is 2^-24, the step
// of a 24-bit random float.
// RUN: %hlslc -T cs_6_8 %s | FileCheck %s

RWStructuredBuffer<float> Out : register(u0);
RWStructuredBuffer<double> Wide : register(u1);

[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  // CHECK: call void @"dx.op.rawBufferStore.f32"({{.*}}, i32 0, i32 0, float 0x3e70000000000000,
  Out[0] = 0x1.0p-24f;
  // CHECK: call void @"dx.op.rawBufferStore.f32"({{.*}}, i32 1, i32 0, float 0x4020000000000000,
  Out[1] = 0x1p3;
  // CHECK: call void @"dx.op.rawBufferStore.f32"({{.*}}, i32 2, i32 0, float 0x3ff0000000000000,
  Out[2] = 0x.8p1;
  // CHECK: call void @"dx.op.rawBufferStore.f32"({{.*}}, i32 3, i32 0, float 0x4025000000000000,
  Out[3] = 0XA.8P+0;
  // CHECK: call void @"dx.op.rawBufferStore.f64"({{.*}}, i32 0, i32 0, double 0x3ff0000000000001,
  Wide[0] = 0x1.0000000000001p0l;
  // CHECK: fmul {{.*}}float {{%"\.[0-9]+"}}, 0x3e70000000000000
  Out[4] = (i >> 8) * 0x1p-24;
}
