// `return f(...);` in a void function, where f is void too (C++ allows it,
// and DXC): the call happens, then the function returns, as in a wrapper
// that forwards GetDimensions or a store to another helper.  It was an
// internal compiler error.
// RUN: %hlslc run %s --pipeline %S/return-void-call.yaml | FileCheck %s
// CHECK: Out: pass
// RUN: %hlslc -T cs_6_0 -fsyntax-only -DBAD -verify=bad %s

RWStructuredBuffer<uint> Out : register(u0);

void store(uint i, uint v) { Out[i] = v; }
void storeTwice(uint i, uint v) { return store(i, v * 2); }

struct Wrapper {
  void GetDimensions(out uint count, out uint stride) { return Out.GetDimensions(count, stride); }
};
static const Wrapper wrapped;

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID) {
  uint count, stride;
  wrapped.GetDimensions(count, stride);
  if (i == 3)
    return storeTwice(i, count * 100 + stride);
  storeTwice(i, i + 1);
#ifdef BAD
  return 1; // bad-error {{void function should not return a value}}
#endif
}
