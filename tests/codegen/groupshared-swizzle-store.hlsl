// RUN: %hlslc -T cs_6_0 %s | FileCheck %s
// A swizzle written to groupshared memory writes exactly the components
// it names, each at its own address: other threads may be writing the
// other components (offload-test-suite
// WaveOps/GroupSharedMatrixElementExprComponentDataRace).  A local is
// still written whole.

groupshared float4x4 Mat;
groupshared float4 Vec;
RWStructuredBuffer<float4> Out : register(u0);

// CHECK-LABEL: define void @"main"()
// Row 1 of the matrix, component by component.
// CHECK: [[ROW:%[^ ]+]] = getelementptr [4 x <4 x float>], [4 x <4 x float>] addrspace(3)* @"Mat", i32 0, i32 1
// CHECK-NEXT: [[P:%[^ ]+]] = bitcast <4 x float> addrspace(3)* [[ROW]] to float addrspace(3)*
// CHECK-NEXT: [[E:%[^ ]+]] = getelementptr float, float addrspace(3)* [[P]], i32 0
// CHECK-NEXT: store float {{%[^ ]+}}, float addrspace(3)* [[E]]
// CHECK-NOT: store [4 x <4 x float>]
// The vector's y and w only.
// CHECK: getelementptr float, float addrspace(3)* {{%[^ ]+}}, i32 1
// CHECK: getelementptr float, float addrspace(3)* {{%[^ ]+}}, i32 3
// CHECK-NOT: store <4 x float> {{.*}} addrspace(3)* @"Vec"
// The local: one store of the whole vector.
// CHECK: store <4 x float> {{%[^ ]+}}, <4 x float>* %"local"

[numthreads(4, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
  float4 v = Out[id.x];
  if (id.x == 1)
    Mat._m10_m11_m12_m13 = v;
  Vec.yw = v.xy;
  float4 local = v;
  local.xz = v.yw;
  GroupMemoryBarrierWithGroupSync();
  Out[id.x] = Mat[1] + Vec + local;
}
