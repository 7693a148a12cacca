// RUN: %hlslc -T cs_6_8 %s | FileCheck %s
// tbuffer and TextureBuffer<T>: SRVs of kind TBuffer (15) with the constant
// buffer's 16-byte-row layout, read a row at a time with bufferLoad.i32 and
// the member's bits taken from its words (a double from two).

tbuffer Table : register(t3) { float a; uint2 b; double d; }
struct S { float4 v; };
TextureBuffer<S> Params : register(t4);
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  // CHECK: [[T:%"Table[.0-9]*"]] = call %"dx.types.Handle" @"dx.op.annotateHandle"(i32 216, %"dx.types.Handle" %"Table", %"dx.types.ResourceProperties" {i32 15, i32 32})
  // CHECK: [[R0:%"tb[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.bufferLoad.i32"(i32 68, %"dx.types.Handle" [[T]], i32 0, i32 undef)
  // CHECK-NEXT: [[W:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[R0]], 0
  // CHECK-NEXT: bitcast i32 [[W]] to float
  // CHECK: [[R1:%"tb[.0-9]*"]] = call %"dx.types.ResRet.i32" @"dx.op.bufferLoad.i32"(i32 68, %"dx.types.Handle" [[T]], i32 1, i32 undef)
  // CHECK-NEXT: [[LO:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[R1]], 0
  // CHECK-NEXT: [[HI:%"\.[0-9]+"]] = extractvalue %"dx.types.ResRet.i32" [[R1]], 1
  // CHECK-NEXT: call double @"dx.op.makeDouble.f64"(i32 101, i32 [[LO]], i32 [[HI]])
  Out[0] = a + (float)d;
  // CHECK: call %"dx.types.ResRet.i32" @"dx.op.bufferLoad.i32"(i32 68, %"dx.types.Handle" {{%"Params[.0-9]*"}}, i32 0, i32 undef)
  Out[1] = Params.v.z + b.y;
}

// CHECK-DAG: !{ i32 {{[0-9]}}, %"Table"* undef, !"Table", i32 0, i32 3, i32 1, i32 15, i32 0, null }
// CHECK-DAG: !{ i32 {{[0-9]}}, %"struct.TextureBuffer<S>"* undef, !"Params", i32 0, i32 4, i32 1, i32 15, i32 0, null }
