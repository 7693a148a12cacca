// RUN: %hlslc -T cs_6_8 -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_8 -HV 2018 -fsyntax-only -verify=hv2018 %s
// Bit-field members (HLSL 2021): the errors DXC and clang give, and the
// places a bit-field cannot go (it has no address).

struct Bad {
  uint b : 33;       // expected-error {{size of bit-field 'b' (33 bits) exceeds size of its type (32 bits)}} hv2018-error {{bitfields are not supported in HLSL}}
  uint64_t w : 65;   // expected-error {{size of bit-field 'w' (65 bits) exceeds size of its type (64 bits)}} hv2018-error {{bitfields are not supported in HLSL}}
  float f : 3;       // expected-error {{bit-field 'f' has non-integral type 'float'}} hv2018-error {{bitfields are not supported in HLSL}}
  float2 v : 3;      // expected-error {{bit-field 'v' has non-integral type 'float2'}} hv2018-error {{bitfields are not supported in HLSL}}
  uint pad : 0;      // expected-error {{named bit-field 'pad' has zero width}} hv2018-error {{bitfields are not supported in HLSL}}
  int neg : -1;      // expected-error {{bit-field 'neg' has negative width (-1)}} hv2018-error {{bitfields are not supported in HLSL}}
  static uint st : 8; // expected-error {{static member 'st' cannot be a bit-field}} hv2018-error {{static member 'st' cannot be a bit-field}}
  int sem : 4 : SV_Position; // expected-error {{bitfields are not allowed with HLSL annotations}} hv2018-error {{bitfields are not supported in HLSL}}
  uint init : 4 = 1; // expected-error {{bit-field member cannot have an in-class initializer}} hv2018-error {{bitfields are not supported in HLSL}}
  uint : 40;         // expected-error {{size of anonymous bit-field (40 bits) exceeds size of its type (32 bits)}} hv2018-error {{bitfields are not supported in HLSL}}
};

struct Empty {};
struct Anon {
  Empty : 1;         // expected-error {{anonymous bit-field has non-integral type 'Empty'}} hv2018-error {{bitfields are not supported in HLSL}}
};

cbuffer CB {
  uint g : 4;        // expected-error {{'g' cannot be a bit-field: only data members of a struct can be}} hv2018-error {{'g' cannot be a bit-field: only data members of a struct can be}}
};
static uint sg : 3;  // expected-error {{'sg' cannot be a bit-field: only data members of a struct can be}} hv2018-error {{'sg' cannot be a bit-field: only data members of a struct can be}}

struct Good {
  uint s : 8;        // hv2018-error {{bitfields are not supported in HLSL}} expected-note 2 {{bit-field is declared here}}
  uint t : 8;        // hv2018-error {{bitfields are not supported in HLSL}} expected-note 2 {{bit-field is declared here}}
  uint : 0;          // hv2018-error {{bitfields are not supported in HLSL}}
  bool q : 3;        // hv2018-error {{bitfields are not supported in HLSL}}
};

RWStructuredBuffer<Good> Str;
groupshared Good Shared;

void setOut(out uint x) { x = 1; }
void bump(inout uint x) { x += 1; }

[numthreads(1, 1, 1)]
void main(uint id : SV_DispatchThreadID) {
  Good g;
  setOut(g.s);                      // expected-error {{bit-field 's' cannot be passed as an 'out' argument (it has no address to bind to)}}
  bump(g.t);                        // expected-error {{bit-field 't' cannot be passed as an 'inout' argument (it has no address to bind to)}}
  InterlockedOr(Str[id].s, 2);      // expected-error {{no matching function for call to 'InterlockedOr': the destination, bit-field 's', cannot be updated atomically}}
  uint old;
  InterlockedAdd(Shared.t, 1, old); // expected-error {{no matching function for call to 'InterlockedAdd': the destination, bit-field 't', cannot be updated atomically}}
  uint local : 2;                   // expected-error {{'local' cannot be a bit-field: only data members of a struct can be}} hv2018-error {{'local' cannot be a bit-field: only data members of a struct can be}}
}
