// RUN: %hlslc -T lib_6_10 %s | FileCheck %s
// A library: !dx.shaderModel {"lib", 6, 10}; every [shader("compute")]
// function is an entry whose properties start with ShaderKind (tag 8) =
// compute (5), then NumThreads; other functions are exported definitions
// and no entries.

RWByteAddressBuffer Out : register(u0);

// CHECK-LABEL: define i32 @"Twice"(i32 %".1")
// CHECK: mul i32 %{{.*}}, 2
// CHECK: ret i32
uint Twice(uint x) { return x * 2; }

// CHECK-LABEL: define void @"First"()
// CHECK-NOT: call i32 @"Twice"
// CHECK: call void @"dx.op.rawBufferStore.i32"
[shader("compute")]
[numthreads(8, 1, 1)]
void First(uint gi : SV_GroupIndex) { Out.Store(0, Twice(gi)); }

// CHECK-LABEL: define void @"Second"()
[shader("compute")]
[numthreads(4, 4, 4)]
void Second() { Out.Store(4, 2u); }

// CHECK: !dx.shaderModel = !{ [[SM:![0-9]+]] }
// A library starts with the null entry carrying the resources (as DXC).
// CHECK: !dx.entryPoints = !{ [[E0:![0-9]+]], [[E1:![0-9]+]], [[E2:![0-9]+]] }
// CHECK-DAG: [[E0]] = !{ null, !"", null, {{![0-9]+}}, null }
// CHECK-DAG: [[SM]] = !{ !"lib", i32 6, i32 10 }
// CHECK-DAG: [[E1]] = !{ void ()* @"First", !"First", null, null, [[P1:![0-9]+]] }
// CHECK-DAG: [[P1]] = !{ i32 8, i32 5, i32 4, [[NT1:![0-9]+]] }
// CHECK-DAG: [[NT1]] = !{ i32 8, i32 1, i32 1 }
// CHECK-DAG: [[E2]] = !{ void ()* @"Second", !"Second", null, null, [[P2:![0-9]+]] }
// CHECK-DAG: [[P2]] = !{ i32 8, i32 5, i32 4, [[NT2:![0-9]+]] }
// CHECK-DAG: [[NT2]] = !{ i32 4, i32 4, i32 4 }
