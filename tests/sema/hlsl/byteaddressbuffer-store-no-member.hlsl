// ByteAddressBuffer is read-only: it has no Store methods (RWByteAddressBuffer
// has them).
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

ByteAddressBuffer Input;
RWByteAddressBuffer Output;

void f() {
  Input.Store(0, 1u); // expected-error {{no member named 'Store' in 'ByteAddressBuffer'}}
  Input.Store4(0, uint4(1, 2, 3, 4)); // expected-error {{no member named 'Store4' in 'ByteAddressBuffer'}}
  Output.Store(0, Input.Load(0));
  Output.Store4(16, Input.Load4(16));
}
