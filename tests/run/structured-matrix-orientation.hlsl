// A structured buffer of matrices takes the orientation written in its
// template argument: `StructuredBuffer<row_major float2x2>` holds each
// matrix row by row, `column_major` (the default without -Zpr) column by
// column.  The same four floats 1, 2, 3, 4 read as [[1, 2], [3, 4]] or
// [[1, 3], [2, 4]].
// RUN: %hlslc run %s --pipeline %S/structured-matrix-orientation.yaml | FileCheck %s
// CHECK: Read: pass
// With -Zpr only the buffer without an orientation changes (Out[2].x, .y):
// RUN: not %hlslc run -Zpr %s --pipeline %S/structured-matrix-orientation.yaml | FileCheck %s --check-prefix=ZPR
// ZPR: Read: FAIL: 2 of 12 elements differ; the first at index 8 (element 2, component 0): 'Out' has 2.0, 'Expected' has 3.0
// ZPR: Written: pass
// RUN: %hlslc -T cs_6_0 %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json --check-prefix=REFLECT
// REFLECT: "type": "StructuredBuffer<row_major float2x2>"
// REFLECT: "row_major": true
// RUN: not %hlslc -T cs_6_0 -DBAD %s -o - 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: 'row_major' applies to matrix types, not 'float4'

[[vk::binding(0)]] StructuredBuffer<row_major float2x2> Rows : register(t0);
[[vk::binding(1)]] StructuredBuffer<column_major float2x2> Columns : register(t1);
[[vk::binding(2)]] StructuredBuffer<float2x2> Plain : register(t2);
[[vk::binding(3)]] RWStructuredBuffer<row_major float2x2> Copy : register(u1);
[[vk::binding(4)]] RWStructuredBuffer<float4> Out : register(u0);
#ifdef BAD
StructuredBuffer<row_major float4> Wrong;
#endif

[numthreads(1, 1, 1)]
void main() {
  float2x2 r = Rows[0];
  float2x2 c = Columns[0];
  Out[0] = float4(r._m00, r._m01, r._m10, r._m11);
  Out[1] = float4(c._m00, c._m01, c._m10, c._m11);
  Out[2] = float4(Plain[0]._m01, Plain[0][1][0], Rows[0][1].x, Columns.Load(0)[0].y);
  Copy[0] = c;
}
