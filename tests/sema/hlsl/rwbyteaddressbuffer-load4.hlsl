// RWByteAddressBuffer.Load4 takes an offset (and optionally a status) and
// returns a uint4: a uint3 destination truncates (a warning), a uint4
// destination assigned a .xyz swizzle does not convert. FileCheck rather than
// -verify: the argument-count notes of a built-in method have no location.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s

RWByteAddressBuffer Buf;

void f() {
  Buf.Load4();
  // CHECK: rwbyteaddressbuffer-load4.hlsl:[[@LINE-1]]:7: error: no matching member function for call to 'Load4'
  // CHECK: note: candidate function not viable: requires 1 argument, but 0 were provided
  // CHECK: note: candidate function not viable: requires 2 arguments, but 0 were provided
  uint3 three = Buf.Load4(0);
  // CHECK: rwbyteaddressbuffer-load4.hlsl:[[@LINE-1]]:17: warning: implicit truncation of vector type from 'uint4' to 'uint3'
  uint4 four;
  four = Buf.Load4(0).xyz;
  // CHECK: rwbyteaddressbuffer-load4.hlsl:[[@LINE-1]]:10: error: cannot assign to a value of type 'uint4' from a value of type 'uint3'
  uint status;
  four = Buf.Load4(0, status);
  float4 converted = Buf.Load4(16);
}
// CHECK: 1 warning and 2 errors generated.
