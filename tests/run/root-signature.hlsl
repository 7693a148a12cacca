// hlslc run binds a pipeline's DirectX root parameters where the entry's
// [RootSignature] places them: root constants (a cbuffer at b1, space 2),
// a root UAV descriptor (u3) and a descriptor table (the DescriptorSets').
// RUN: %hlslc run %s --pipeline %S/root-signature.yaml -T cs_6_0 | FileCheck %s
// CHECK: - Name: Out
// CHECK-NEXT: Format: Float32
// CHECK-NEXT: Stride: 4
// CHECK-NEXT: Data: [ 3.5, 6.0, 8.5, 11.0 ]
// CHECK: - Name: Log
// CHECK-NEXT: Format: UInt32
// CHECK-NEXT: Data: [ 10, 11, 12, 13 ]
// CHECK: Scaled: pass
//
// A root constant may not name an array of buffers.
// RUN: %python -c "import sys; t = open(sys.argv[1]).read(); print(t.replace('Format: Float32\n    Data: [ 2.5, 1.0, 0, 0 ]', 'Format: Float32\n    ArraySize: 2\n    Data: [ [ 2.5, 1.0, 0, 0 ], [ 0, 0, 0, 0 ] ]'))" %S/root-signature.yaml > %t.yaml
// RUN: not %hlslc run %s --pipeline %t.yaml -T cs_6_0 2>&1 | FileCheck %s --check-prefix=ARRAY
// ARRAY: error: a root constant cannot refer to a resource array: buffer 'Params' has ArraySize 2

cbuffer Params : register(b1, space2) {
  float Scale;
  float Bias;
};
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
RWByteAddressBuffer Log : register(u3);

[RootSignature("RootFlags(0), RootConstants(num32BitConstants = 4, b1, space = 2), "
               "DescriptorTable(SRV(t0), UAV(u0)), UAV(u3)")]
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = In[i] * Scale + Bias;
  Log.Store(4 * i, 10 + i);
}
