// A typedef may say more of its type than the type: `typedef row_major
// float2x2 RowMat;` makes every declaration of a RowMat row-major (a
// structured buffer's member, a constant buffer's), and `typedef const`
// makes it const.  An orientation the declaration writes wins; a typedef of
// a typedef keeps what the first one said.  The four floats 1, 2, 3, 4 read
// as [[1, 2], [3, 4]] row by row and [[1, 3], [2, 4]] column by column.
// RUN: %hlslc run %s --pipeline %S/typedef-specifiers.yaml | FileCheck %s
// CHECK: Read: pass
// RUN: %hlslc -T cs_6_0 %s -o - | FileCheck %s --check-prefix=IR
// The constant buffer: A in registers 0-1 (rows), B in 2-3 (columns), C
// (row-major through a typedef of a typedef) in 4-5, D (column_major
// written on a RowMat) in 6-7.  A[1][0] is row 1, B[1][0] column 0, ...
// IR: @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" %"Params", i32 1)
// IR: @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" %"Params", i32 2)
// IR: @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" %"Params", i32 4)
// IR: @"dx.op.cbufferLoadLegacy.f32"(i32 59, %"dx.types.Handle" %"Params", i32 7)
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify %s

typedef row_major float2x2 RowMat;
typedef column_major float2x2 ColMat;
typedef RowMat RowMat2;
typedef const float2 ConstPair;

struct Element { RowMat r; ColMat c; RowMat2 r2; };

[[vk::binding(0)]] StructuredBuffer<Element> In : register(t0);
[[vk::binding(1)]] RWStructuredBuffer<float4> Out : register(u0);
[[vk::binding(2)]] cbuffer Params : register(b0) { RowMat A; ColMat B; RowMat2 C; column_major RowMat D; };

#ifdef BAD
typedef row_major column_major float2x2 Both; // expected-error {{'row_major' and 'column_major' attributes are not compatible}}
typedef column_major RowMat Flipped;         // expected-error {{'row_major' and 'column_major' attributes are not compatible}}
typedef static float Stored;                 // expected-error {{'static' is not valid in a typedef}}
typedef unorm snorm float Norms;             // expected-error {{'unorm' and 'snorm' attributes are not compatible}}
row_major column_major float2x2 Twice;       // expected-error {{'row_major' and 'column_major' attributes are not compatible}}
#endif

[numthreads(1, 1, 1)]
void main() {
  Element e = In[0];
  ConstPair k = float2(10, 20);
#ifdef BAD
  k = 1; // expected-error {{cannot assign to variable 'k' with const-qualified type 'float2'}}
#endif
  Out[0] = float4(e.r._m00, e.r._m01, e.r._m10, e.r._m11);
  Out[1] = float4(e.c._m00, e.c._m01, e.c._m10, e.c._m11);
  Out[2] = float4(e.r2._m01, e.r2._m10, k);
  Out[3] = float4(A[1][0], B[1][0], C[0][1], D[0][1]);
}
