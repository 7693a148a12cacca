// A global resource given to an `inout` resource parameter, as DXC takes
// it (RadeonRays' `void Update(..., inout RWByteAddressBuffer buf)`): the
// function works on that resource; assigning the parameter changes only
// the call's own copy.  An `out` parameter still wants a variable.
// RUN: %hlslc run %s --pipeline %S/inout-resource-parameter.yaml | FileCheck %s
// CHECK: Maxima: pass
// RUN: not %hlslc -T cs_6_0 -DOUT %s -o - 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: error: cannot assign to 'Maxima': a global resource is bound by the application

RWByteAddressBuffer Maxima : register(u0);
RWByteAddressBuffer Other : register(u1);

void Update(uint v, inout RWByteAddressBuffer buf) {
  uint old;
  buf.InterlockedMax(0, v, old);
  buf = Other;                      // the call's copy only
  buf.InterlockedMax(0, v + 100, old);
}

#ifdef OUT
void Replace(out RWByteAddressBuffer buf) { buf = Other; }
#endif

[numthreads(8, 1, 1)]
void main(uint id : SV_DispatchThreadID) {
  Update(id * 3, Maxima);
  Maxima.InterlockedMax(4, id, id);
#ifdef OUT
  Replace(Maxima);
#endif
}
