// printf, DXC's debug print, is typed (a string format, then scalars and
// vectors) and, as in DXC's DXIL, an error only where the code compiled
// reaches it: a debug helper the entry point does not call is fine.  hlslc
// emits no SPIR-V debug printf (NonSemantic.DebugPrintf) either.
// RUN: %hlslc -T cs_6_8 -E main -verify %s -o %t.ll
// RUN: %hlslc -T cs_6_8 -E Loud -fsyntax-only -verify=loud %s
// RUN: %hlslc -T cs_6_8 -E main -fsyntax-only -verify=bad -DBAD %s

// expected-no-diagnostics
RWStructuredBuffer<uint> Out : register(u0);

void Trace(uint v, float3 p) {
  printf("value %u at %f %f %f", v, p.x, p.y, p.z); // loud-error {{use of unsupported identifier 'printf'}}
}

#ifdef BAD
struct S { int a; };
void Wrong(S s) {
  printf(3); // bad-error {{the format of 'printf' is a string, not 'literal int'}}
  printf("%d", s); // bad-error {{'printf' prints scalars and vectors, not 'S'}}
}
#endif

[numthreads(1, 1, 1)]
void main(uint i : SV_DispatchThreadID) { Out[i] = i; }

[numthreads(1, 1, 1)]
void Loud(uint i : SV_DispatchThreadID) {
  Trace(i, float3(1, 2, 3)); // loud-note {{'Trace' is called from the entry point 'Loud' here}}
}
