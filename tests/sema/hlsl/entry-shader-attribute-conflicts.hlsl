// RUN: %hlslc -T cs_6_0 -E Painted -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_0 -E Computed %s -o %t.ll
// The entry a compute profile compiles may say it is a compute shader;
// another stage in its [shader] attribute is DXC's error, in DXC's words.

[shader("pixel")] // expected-error {{entry type 'compute' from profile 'cs_6_0' conflicts with shader attribute type 'pixel' on entry function 'Painted'.}}
[numthreads(1, 1, 1)]
void Painted() {}

RWStructuredBuffer<uint> Out : register(u0);

[shader("compute")]
[numthreads(1, 1, 1)]
void Computed() { Out[0] = 1; }
