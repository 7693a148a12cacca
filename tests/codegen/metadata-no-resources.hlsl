// RUN: %hlslc -T cs_6_10 %s | FileCheck %s
// Without resources there is no !dx.resources and the entry's resource
// field is null.

groupshared uint Scratch[4];

[numthreads(4, 1, 1)]
void main(uint gi : SV_GroupIndex) { Scratch[gi] = gi; }

// CHECK-NOT: !dx.resources
// CHECK: !dx.entryPoints = !{ [[EP:![0-9]+]] }
// CHECK-NOT: !dx.resources
// CHECK: [[EP]] = !{ void ()* @"main", !"main", null, null, {{![0-9]+}} }
