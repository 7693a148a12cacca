// RUN: %hlslc -T cs_6_0 %s | FileCheck %s
// A vector component chosen at run time, in a structured or byte-address
// buffer, is the scalar at its own address (as in DXC): writing it stores
// that one component, so threads writing different components of the same
// vector do not overwrite each other (offload-test-suite
// WaveOps/ComponentDataRace).

RWStructuredBuffer<uint4> Out : register(u0);
RWStructuredBuffer<float3> Grid : register(u1);

// CHECK-LABEL: define void @"main"()
// The component's byte offset: 4 * y.
// CHECK: [[OFF:%[^ ]+]] = mul i32 %{{[^ ]+}}, 4
// CHECK: call void @"dx.op.bufferStore.i32"(i32 69, %"dx.types.Handle" %"Out", i32 0, i32 [[OFF]], i32 %{{[^ ]+}}, i32 undef, i32 undef, i32 undef, i8 1)
// CHECK-NOT: call void @"dx.op.bufferStore.i32"(i32 69, %"dx.types.Handle" %"Out", i32 0, i32 0,
// One float of element 2 of Grid, read at its own address and written back alone.
// CHECK: call %"dx.types.ResRet.f32" @"dx.op.bufferLoad.f32"(i32 68, %"dx.types.Handle" %"Grid", i32 2,
// CHECK: call void @"dx.op.bufferStore.f32"(i32 69, %"dx.types.Handle" %"Grid", i32 2, i32 {{%[^ ]+}}, float {{%[^ ]+}}, float undef, float undef, float undef, i8 1)

[numthreads(4, 4, 1)]
void main(uint3 id : SV_GroupThreadID) {
  if (id.x == 0)
    Out[0][id.y] = id.y + 1;
  if (id.y < 3)
    Grid[2][id.y] += 1.0f;
}
