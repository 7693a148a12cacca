// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// A global struct holding resources gets one range per resource member,
// named by its path; `register(uN)` on the variable places its UAV members
// from uN on in member order, and an array of such structs makes each
// member's range as long as the array.  ConstantBuffer<S> is a CBV whose
// members are read like a cbuffer's, and converts to S whole.

struct Pair {
  RWBuffer<int> Dst;
  StructuredBuffer<int> Src;
};
struct S { int4 v; float f; };

Pair P : register(u4) : register(t2);
Pair Many[3];
ConstantBuffer<S> CB : register(b1);
RWStructuredBuffer<S> Copy : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  // CHECK-DAG: call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 2, i32 2, i32 0, i8 0}, i32 2, i1 0)
  // CHECK-DAG: call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 4, i32 4, i32 0, i8 1}, i32 4, i1 0)
  // CHECK-DAG: [[CB:%"CB[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"CB", %"dx.types.ResourceProperties" {i32 13, i32 32})
  P.Dst[tid.x] = P.Src[tid.x];
  // Many[i].Dst: range u1..u3 (u0 is taken), element 1 + i.
  // CHECK: [[I:%"\.[0-9]+"]] = add i32 {{%"\.[0-9]+"}}, 1
  // CHECK-NEXT: call %"dx.types.Handle" @"dx.op.createHandleFromBinding"(i32 217, %"dx.types.ResBind" {i32 1, i32 3, i32 0, i8 1}, i32 [[I]], i1 0)
  Many[tid.x % 3].Dst[0] = CB.v.y;
  // CHECK: call %"dx.types.CBufRet.i32" @"dx.op.cbufferLoadLegacy.i32"(i32 59, %"dx.types.Handle" [[CB]], i32 0)
  // CHECK: call %"dx.types.CBufRet.f32" @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" [[CB]], i32 1)
  Copy[tid.x] = CB;
}

// CHECK-DAG: !{ i32 {{[0-9]}}, %"struct.RWBuffer<int>"* undef, !"P.Dst", i32 0, i32 4, i32 1, i32 10, i1 0, i1 0, i1 0, {{![0-9]+}} }
// CHECK-DAG: !{ i32 {{[0-9]}}, %"struct.RWBuffer<int>"* undef, !"Many.Dst", i32 0, i32 1, i32 3, i32 10, i1 0, i1 0, i1 0, {{![0-9]+}} }
// CHECK-DAG: !{ i32 {{[0-9]}}, %"struct.StructuredBuffer<int>"* undef, !"Many.Src", i32 0, i32 3, i32 3, i32 12, i32 0, {{![0-9]+}} }
// CHECK-DAG: !{ i32 0, %"struct.ConstantBuffer<S>"* undef, !"CB", i32 0, i32 1, i32 1, i32 32, null }
