// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// Arrays of resources are one range: the ResBind spans [lower, upper] (an
// unbounded array's upper bound is 0xFFFFFFFF, its range size -1) and the
// handle's index is the register of the element.  Multi-dimensional arrays
// flatten row-major; NonUniformResourceIndex marks the handle non-uniform.

RWStructuredBuffer<uint> Bufs[4] : register(u2);
Texture2D<float> Grid[2][3] : register(t0, space1);
ByteAddressBuffer Unbounded[] : register(t0, space2);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // A constant index: register 2 + 1.
  // CHECK: call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 2, i32 5, i32 0, i8 1}, i32 3, i1 0)
  Bufs[1][0] = 7;
  // A variable index: added to the lower bound.
  // CHECK: [[IDX:%"\.[0-9]+"]] = add i32 {{%"\.[0-9]+"}}, 2
  // CHECK-NEXT: call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 2, i32 5, i32 0, i8 1}, i32 [[IDX]], i1 0)
  Bufs[tid.x][1] = 8;
  // Grid[i][2]: i * 3 + 2.
  // CHECK: [[ROW:%"\.[0-9]+"]] = mul i32 {{%"\.[0-9]+"}}, 3
  // CHECK-NEXT: [[FLAT:%"\.[0-9]+"]] = add i32 [[ROW]], 2
  // CHECK-NEXT: call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 5, i32 1, i8 0}, i32 [[FLAT]], i1 0)
  float g = Grid[tid.y][2][uint2(0, 0)];
  // CHECK: call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 0, i32 -1, i32 2, i8 0}, i32 {{%"\.[0-9]+"}}, i1 1)
  uint u = Unbounded[NonUniformResourceIndex(tid.x)].Load(0);
  Bufs[0][2] = u + (uint)g;
}

// CHECK-DAG: !{ i32 {{[0-9]+}}, %"struct.Texture2D<float>"* undef, !"Grid", i32 1, i32 0, i32 6, i32 2, i32 0, {{![0-9]+}} }
// CHECK-DAG: !{ i32 {{[0-9]+}}, %"struct.ByteAddressBuffer"* undef, !"Unbounded", i32 2, i32 0, i32 -1, i32 11, i32 0, null }
// CHECK-DAG: !{ i32 0, %"struct.RWStructuredBuffer<uint>"* undef, !"Bufs", i32 0, i32 2, i32 4, i32 12, i1 0, i1 0, i1 0, {{![0-9]+}} }
