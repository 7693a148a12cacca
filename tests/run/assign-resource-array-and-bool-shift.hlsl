// Internal compiler errors that DXC's SemaHLSL tests found: a whole global
// resource array assigned to an array-of-resources parameter (the
// parameter then holds the other array's handles; an `inout` one too), a
// bool shifted in place (`b <<= 1` shifts as an int and stores the bool),
// and a `groupshared` parameter given groupshared memory of another type
// (an error: the parameter is that memory, so only its exact type fits).
// RUN: %hlslc run %s --pipeline %S/assign-resource-array-and-bool-shift.yaml | FileCheck %s
// CHECK: Chosen: pass
// CHECK: Untouched: pass
// CHECK: Flags: pass
// RUN: %hlslc -T cs_6_2 -HV 202x -enable-16bit-types -fsyntax-only -DBAD -verify %s

[[vk::binding(0)]] RWStructuredBuffer<uint> First[2] : register(u0);
[[vk::binding(1)]] RWStructuredBuffer<uint> Second[2] : register(u2);
[[vk::binding(2)]] RWStructuredBuffer<int> Flags : register(u4);

void mark(RWStructuredBuffer<uint> targets[2]) {
  targets = Second;
  targets[1][0] = 7;
}

// The same through `inout`: the handles go in; a bound array's bindings
// do not change, so nothing comes back.
void mark_inout(inout RWStructuredBuffer<uint> targets[2]) {
  targets = Second;
  targets[0][0] = 5;
}

#ifdef BAD
groupshared uint16_t Shared16;
void halve(groupshared half h) { h = 5; } // expected-note {{candidate function not viable: no known conversion from 'uint16_t' to 'half' for argument 1}}
#endif

[numthreads(1, 1, 1)]
void main() {
  mark(First);
  mark_inout(First);
  First[1][0] = 9;
  bool a = true; a <<= 1;        // 2: true
  bool c = true; c >>= 1;        // 0: false
  bool2 v = true; v <<= 1;
  Flags[0] = a;
  Flags[1] = c;
  Flags[2] = v.y;
#ifdef BAD
  halve(Shared16);               // expected-error {{no matching function for call to 'halve'}}
#endif
}
