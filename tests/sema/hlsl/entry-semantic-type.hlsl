// A compute system value has a fixed type, and non-compute semantics are
// rejected.
// RUN: %hlslc -T cs_6_10 -fsyntax-only -verify %s

[numthreads(64, 1, 1)]
void main(float id : SV_DispatchThreadID, // expected-error {{'SV_DispatchThreadID' has type uint, uint2 or uint3, not 'float'}}
          uint4 group : SV_GroupID, // expected-error {{'SV_GroupID' has type uint, uint2 or uint3, not 'uint4'}}
          uint pos : SV_Position, // expected-error {{'SV_Position' is not a compute-shader system-value semantic}}
          uint index : SV_GroupIndex,
          uint2 local : SV_GroupThreadID) {}
