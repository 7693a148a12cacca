// Every parameter of a compute entry point needs a system-value semantic.
// RUN: %hlslc -T cs_6_10 -fsyntax-only -verify %s

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID,
          uint index) {} // expected-error {{parameter 'index' of entry point 'main' needs a system-value semantic such as SV_DispatchThreadID}}
