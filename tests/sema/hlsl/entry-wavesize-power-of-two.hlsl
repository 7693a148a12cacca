// [wavesize(N)]: N must be a power of two from 4 to 128.
// RUN: %hlslc -T cs_6_10 -E odd -fsyntax-only -verify=odd %s
// RUN: %hlslc -T cs_6_10 -E big -fsyntax-only -verify=big %s
// RUN: %hlslc -T cs_6_10 -E good -fsyntax-only -verify=good %s
// good-no-diagnostics

[numthreads(64, 1, 1)]
[wavesize(24)] // odd-error {{wave size must be a power of two between 4 and 128 (got 24)}}
void odd() {}

[numthreads(64, 1, 1)]
[wavesize(256)] // big-error {{wave size must be a power of two between 4 and 128 (got 256)}}
void big() {}

[numthreads(64, 1, 1)]
[wavesize(64)]
void good() {}
