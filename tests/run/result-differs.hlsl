// hlslc run: a Result that does not hold exits 1 and names the first
// differing element with both values; a bad pipeline file exits 2 with a
// located message.
// RUN: not %hlslc run %s --pipeline %S/result-differs.yaml | FileCheck %s
// CHECK: Data: [ 0, 2, 4, 6, 8, 10, 12, 14 ]
// CHECK: Doubled: FAIL: 1 of 8 elements differ; the first at index 5 (element 5): 'Out' has 10, 'Expected' has 11
// RUN: not %hlslc run %s --pipeline %S/result-differs-bad.yaml 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: result-differs-bad.yaml:7:13: error: unknown buffer format 'UInt33'

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  Out[i] = 2 * i;
}
