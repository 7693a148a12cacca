// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Module metadata of a compute shader: !dx.version and !dx.valver {1, 10},
// !dx.shaderModel {"cs", 6, 10}, and one !dx.entryPoints record
// {function, name, signatures (null), resources, properties} whose
// properties hold NumThreads (tag 4) with {x, y, z}.

// CHECK: target triple = "dxil-ms-dx"

RWByteAddressBuffer Out : register(u0);

[numthreads(8, 4, 2)]
void main() { Out.Store(0, 1u); }

// CHECK: !dx.version = !{ [[VER:![0-9]+]] }
// CHECK-NEXT: !dx.valver = !{ [[VER]] }
// CHECK-NEXT: !dx.shaderModel = !{ [[SM:![0-9]+]] }
// CHECK-NEXT: !dx.resources = !{ [[RES:![0-9]+]] }
// CHECK-NEXT: !dx.entryPoints = !{ [[EP:![0-9]+]] }
// CHECK-DAG: [[VER]] = !{ i32 1, i32 10 }
// CHECK-DAG: [[SM]] = !{ !"cs", i32 6, i32 10 }
// CHECK-DAG: [[EP]] = !{ void ()* @"main", !"main", null, [[RES]], [[PROPS:![0-9]+]] }
// CHECK-DAG: [[PROPS]] = !{ i32 4, [[NT:![0-9]+]] }
// CHECK-DAG: [[NT]] = !{ i32 8, i32 4, i32 2 }
