// A resource parameter taken by value that the function assigns, or passes
// on to an `inout` resource parameter, is the function's own variable: the
// assignment changes what the rest of that function uses, not the caller's
// resource (DXC's inlining leaves the same).
// RUN: %hlslc run %s --pipeline %S/resource-parameter-assigned.yaml | FileCheck %s
// CHECK: First: pass
// CHECK-NEXT: Second: pass

RWByteAddressBuffer First : register(u0);
RWByteAddressBuffer Second : register(u1);

void Redirect(inout RWByteAddressBuffer b) {
  b.Store(0, 1);
  b = Second;
}

void PassOn(RWByteAddressBuffer b) {
  Redirect(b);
  b.Store(4, 2);      // Second: Redirect chose it
}

void Assigns(RWByteAddressBuffer b, uint v) {
  b.Store(8, v);      // the caller's
  b = Second;
  b.Store(8, v + 1);
}

[numthreads(1, 1, 1)]
void main() {
  PassOn(First);
  Assigns(First, 3);
  First.Store(4, 7);  // the caller's own is untouched
}
