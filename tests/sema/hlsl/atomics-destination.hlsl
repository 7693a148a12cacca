// The destination of an atomic is memory other threads see: a groupshared
// variable (or an element, member or component of one) or an element of a
// writable resource.  A local, a static, a parameter (a copy), a read-only
// resource, an rvalue, or a component of a typed resource's element is not.
// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify %s

RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> In : register(t0);
RWBuffer<uint2> Pairs : register(u1);
Buffer<uint> ReadOnly : register(t1);
groupshared uint Shared;
groupshared float SharedFloat;
static uint Private; // expected-note {{'Private' is a static variable, private to each thread}}

void bump(inout uint x) { // expected-note {{'x' is a parameter: a copy, not the caller's memory}}
  InterlockedAdd(x, 1); // expected-error {{the destination of 'InterlockedAdd' must be a groupshared variable or an element of a writable (UAV) resource}}
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint local = 0; // expected-note {{'local' is a local variable, private to each thread}}
  uint orig;
  InterlockedAdd(local, 1); // expected-error {{the destination of 'InterlockedAdd' must be a groupshared variable}}
  InterlockedOr(Private, 1, orig); // expected-error {{the destination of 'InterlockedOr' must be a groupshared variable}}
  InterlockedMax(In[id.x], 1); // expected-error {{the destination of 'InterlockedMax' must be a groupshared variable}} expected-note {{'StructuredBuffer<uint>' is read-only}}
  InterlockedExchange(ReadOnly[0], 1, orig); // expected-error {{the destination of 'InterlockedExchange' must be}} expected-note {{'Buffer<uint>' is read-only}}
  InterlockedAdd(Pairs[id.x].y, 1); // expected-error {{the destination of 'InterlockedAdd' must be a whole element of 'RWBuffer<uint2>': typed resources used in atomic operations must have a scalar element type}}
  InterlockedAdd(Out[id.x] + 1, 1); // expected-error {{the destination of 'InterlockedAdd' must be a groupshared variable}}
  bump(Shared);

  // Types: integers of 32 or 64 bits; floats only for the bitwise exchanges.
  InterlockedAdd(SharedFloat, 1); // expected-error {{no matching function for call to 'InterlockedAdd'}} expected-note {{no known conversion from 'float' to a 32- or 64-bit integer type for 1st argument}}
  InterlockedCompareStoreFloatBitwise(Shared, 1.0f, 2.0f); // expected-error {{no matching function for call to 'InterlockedCompareStoreFloatBitwise'}} expected-note {{no known conversion from 'uint' to 'float' for 1st argument}}
  InterlockedExchange(Shared, 1); // expected-error {{too few arguments to function call, expected 3, have 2}}
  InterlockedAdd(Shared, 1, 2); // expected-error {{no matching function for call to 'InterlockedAdd'}} expected-note {{for 3rd argument}}

  // These are fine.
  InterlockedAdd(Shared, 1, orig);
  InterlockedAdd(Out[id.x], 1);
  float f;
  InterlockedExchange(SharedFloat, 2.0f, f);
}
