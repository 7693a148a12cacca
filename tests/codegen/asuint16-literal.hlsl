// asuint16/asint16/asfloat16 of an unsuffixed literal: DXC gives the
// literal the first 16-bit type of its kind (FSR2's FFX_TO_UINT16(1)).
// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// CHECK: call void @"dx.op.rawBufferStore.i16"(i32 140, %"dx.types.Handle" %"Out.1", i32 0, i32 0, i16 1,
// CHECK: bitcast half 0x3ff0000000000000 to i16

RWStructuredBuffer<uint16_t> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = asuint16(1);
  Out[1] = asuint16(1.0);
  half x = Out[2];
  Out[3] = asuint16(x * asfloat16(asuint16(1)));
}
