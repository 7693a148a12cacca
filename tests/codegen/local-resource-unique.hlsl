// DXC's rule on local resource variables: every use names one resource
// known when compiling.  A local that holds different resources depending
// on the path taken (DXC's selectObj tests) is an error at the use, in
// DXC's words; one whose every use has one reaching assignment (assigned
// again later, in each branch before its own use, or in a loop from one
// expression) compiles.
// RUN: %hlslc -T cs_6_0 %s -o %t.ll
// RUN: not %hlslc -T cs_6_0 -DSELECT %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELECT
// RUN: not %hlslc -T cs_6_0 -DLOOP %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not %hlslc -T cs_6_0 -DSTATIC %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC

RWStructuredBuffer<float> A : register(u0);
RWStructuredBuffer<float> B : register(u1);
RWStructuredBuffer<float> Many[4] : register(u2);
cbuffer Params : register(b0) { uint Pick; };

static RWStructuredBuffer<float> Chosen;

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID) {
  RWStructuredBuffer<float> dest = A;
  dest[i] = 1;
  dest = B;
  dest[i] = 2;
  if (Pick > 1) {
    dest = A;
    dest[i] += 3;
  } else {
    dest = B;
    dest[i] += 4;
  }
  for (uint k = 0; k < 4; k++) {
    RWStructuredBuffer<float> each = Many[k];
    if (Pick == k)
      each[i] = 5;
    each[i] += 1;
  }
#ifdef SELECT
  RWStructuredBuffer<float> o = A;
  if (Pick > 8)
    o = B;
  // SELECT: local-resource-unique.hlsl:[[@LINE+1]]:3: error: local resource not guaranteed to map to unique global resource
  o[i] = 6;
#endif
#ifdef LOOP
  RWStructuredBuffer<float> last = A;
  for (uint n = 0; n < Pick; n++) {
    // LOOP: local-resource-unique.hlsl:[[@LINE+1]]:5: error: local resource not guaranteed to map to unique global resource
    last[i] = 7;
    last = B;
  }
#endif
#ifdef STATIC
  Chosen = A;
  if (Pick == 3)
    Chosen = B;
  // STATIC: local-resource-unique.hlsl:[[@LINE+1]]:3: error: local resource not guaranteed to map to unique global resource
  Chosen[i] = 8;
#endif
}
