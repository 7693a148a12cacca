// `sizeof` of expressions as Wicked's `arraysize(a)` macro uses it
// (`sizeof(a) / sizeof(a[0])`): of an element, of a member, of a local,
// in a loop condition, an array size and a static constant; and an
// unscoped enumerator as an array index (`textures[NORMALMAP]`).
// RUN: %hlslc run %s --pipeline %S/sizeof-arraysize.yaml | FileCheck %s
// CHECK: Results: pass

#define arraysize(a) (sizeof(a) / sizeof(a[0]))
struct M { float4 v[3]; int k; };
enum SLOT { A0, A1, A2 };
static const float4 ranges[6] = (float4[6])0;
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<M> Elements : register(u1);

[numthreads(1, 1, 1)]
void main() {
  uint total = 0;
  for (int face = 0; face < arraysize(ranges); ++face)
    total += 1;                                           // 6
  M m = (M)0;
  uint arr[arraysize(m.v)];
  arr[A2] = 7;
  static const uint n = arraysize(ranges) + sizeof(ranges[1]) + sizeof(Elements[0]);  // 6 + 16 + 52
  Out[0] = total + arraysize(m.v) * 10 + n + arr[A2];    // 6 + 30 + 74 + 7
}
