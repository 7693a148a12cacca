// A `static` global resource with an initializer, as bindless code writes
// it (`static Texture2D T = ResourceDescriptorHeap[i];`, also from a
// constant buffer's index, or another resource): every function that uses
// it uses its initializer's handle, and `globallycoherent` on it marks the
// heap handle so.  One the program also assigns elsewhere holds its
// handle in a slot of the entry (tests/run/static-resource-assigned.hlsl).
// RUN: %hlslc run %s --pipeline %S/static-resource-alias.yaml -T cs_6_6 | FileCheck %s
// CHECK: Sums: pass
// RUN: %hlslc -T cs_6_6 %s -o - | FileCheck %s --check-prefix=IR
// IR: @"dx.op.createHandleFromHeap"(i32 218, i32 6, i1 0, i1 0)
// IR-NEXT: @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %{{[^,]+}}, %"dx.types.ResourceProperties" {i32 20492, i32 4})
// RUN: %hlslc -T cs_6_6 -DWRITTEN %s -o - | FileCheck %s --check-prefix=WRITTEN
// WRITTEN: %"Out" = alloca %"dx.types.Handle"

cbuffer Indices : register(b0) {
  uint TableIndex;
}

RWStructuredBuffer<float> Bound : register(u0);
static StructuredBuffer<float> Table = ResourceDescriptorHeap[TableIndex];
static globallycoherent RWStructuredBuffer<float> Out = ResourceDescriptorHeap[6];
static RWStructuredBuffer<float> Same = Bound;

float twice(uint i) {
  return Table[i] * 2;      // the alias in a function other than the entry
}

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID) {
  Out[i] = twice(i) + Same[i];
#ifdef WRITTEN
  Out = Bound;
#endif
}
