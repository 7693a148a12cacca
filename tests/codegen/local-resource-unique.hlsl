// DXC's rule on local resource variables: every use names one resource
// known when compiling.  A local that holds different resources depending
// on the path taken (DXC's selectObj tests) is an error at the use, in
// DXC's words; one whose every use has one reaching assignment (assigned
// again later, in each branch before its own use, or in a loop from one
// expression) compiles, as does one whose choices are elements of one
// resource array (DXC selects the index), and a use inside a loop (DXC
// unrolls `[unroll]` loops and folds what their index chooses; hlslc does
// not, so it leaves those to the compile).  A branch whose condition is
// known when compiling takes one path only, as DXC's inlining and folding
// find it: `if (false)`, `switch (1)`, a helper's parameter given a literal.
// RUN: %hlslc -T cs_6_0 %s -o %t.ll
// RUN: not %hlslc -T cs_6_0 -DSELECT %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SELECT
// RUN: not %hlslc -T cs_6_0 -DSTATIC %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATIC

RWStructuredBuffer<float> A : register(u0);
RWStructuredBuffer<float> B : register(u1);
RWStructuredBuffer<float> Many[4] : register(u2);
cbuffer Params : register(b0) { uint Pick; };

static RWStructuredBuffer<float> Chosen;

void StoreTo(int which, uint i) {
  RWStructuredBuffer<float> buf = A;
  if (which == 1)
    buf = B;
  switch (which * 2) {
  case 4: buf = A; break;
  default: break;
  }
  buf[i] = 9;
}

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
  RWStructuredBuffer<float> fixed = A;
  if (false)
    fixed = B;
  switch (1) {
  case 0: fixed = B; break;
  case 1: break;
  }
  fixed[i] = 10;
  StoreTo(1, i);
  StoreTo(2, i);
#ifdef SELECT
  RWStructuredBuffer<float> o = A;
  if (Pick > 8)
    o = B;
  // SELECT: local-resource-unique.hlsl:[[@LINE+1]]:3: error: local resource not guaranteed to map to unique global resource
  o[i] = 6;
#endif
  RWStructuredBuffer<float> element = Many[0];
  if (Pick > 2)
    element = Many[Pick & 3];
  element[i] = 7;
  [unroll]
  for (uint u = 0; u < 4; u++) {
    RWStructuredBuffer<float> pair = A;
    if (u > 2)
      pair = B;
    pair[i] += 1;
  }
#ifdef STATIC
  Chosen = A;
  if (Pick == 3)
    Chosen = B;
  // STATIC: local-resource-unique.hlsl:[[@LINE+1]]:3: error: local resource not guaranteed to map to unique global resource
  Chosen[i] = 8;
#endif
}
