// A resource declared inside a cbuffer is a global resource of its own (as
// in DXC) and takes no room in the cbuffer: the members around it pack as if
// it were not there.  (Was an internal compiler error: "cannot be stored in
// a buffer".)
// RUN: %hlslc -T cs_6_6 %s | FileCheck %s
// CHECK-DAG: !{ i32 0, %"Params"* undef, !"Params", i32 0, i32 0, i32 1, i32 16, null }
// CHECK-DAG: !{ i32 0, %"struct.RWStructuredBuffer<float>"* undef, !"Y", i32 0, i32 0, i32 1, i32 12
// RUN: %hlslc run %s --pipeline %S/resource-in-cbuffer.yaml -T cs_6_6 | FileCheck %s --check-prefix=OUT
// OUT: Data: [ 0.0, 2.5, 5.0, 0.0 ]

cbuffer Params : register(b0) {
  uint Count;
  RWStructuredBuffer<float> Y : register(u0);
  float Scale;
};

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  if (i < Count)
    Y[i] = Scale * i;
}
