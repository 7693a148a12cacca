// groupshared is a storage class for global variables only.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

groupshared float Shared[64];

void f() {
  groupshared float local; // expected-error {{'groupshared' variables must be declared at global scope}}
  Shared[0] = 1;
}
