// packoffset with a component (c1.y: row 1, byte 4 of it) places a cbuffer
// member there; a whole-row packoffset (c0) starts at its row.
// RUN: %hlslc -T cs_6_6 %s | FileCheck %s
// CHECK: [[ROW1:%"[^"]+"]] = call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" %{{.*}}, i32 1)
// CHECK: extractvalue %"dx.types.CBufRet.f32" [[ROW1]], 1
// CHECK: [[ROW0:%"[^"]+"]] = call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" %{{.*}}, i32 0)
// CHECK: extractvalue %"dx.types.CBufRet.f32" [[ROW0]], 0

cbuffer C {
  float a : packoffset(c1.y);
  float4 b : packoffset(c0);
};
RWByteAddressBuffer O;

[numthreads(1, 1, 1)]
void main() {
  O.Store(0, asuint(a + b.x));
}
