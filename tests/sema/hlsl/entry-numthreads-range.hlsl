// numthreads: x and y from 1 to 1024, z from 1 to 64, at most 1024 threads in
// all. Each RUN compiles one entry point of this file.
// RUN: %hlslc -T cs_6_10 -E x1025 -fsyntax-only -verify=x %s
// RUN: %hlslc -T cs_6_10 -E z65 -fsyntax-only -verify=z %s
// RUN: %hlslc -T cs_6_10 -E zero -fsyntax-only -verify=zero %s
// RUN: %hlslc -T cs_6_10 -E total -fsyntax-only -verify=total %s
// RUN: %hlslc -T cs_6_10 -E limits -fsyntax-only -verify=ok %s
// ok-no-diagnostics

[numthreads(1025, 1, 1)] // x-error {{numthreads x must be between 1 and 1024 (got 1025)}}
void x1025() {}

[numthreads(1, 1, 65)] // z-error {{numthreads z must be between 1 and 64 (got 65)}}
void z65() {}

[numthreads(0, 1, 1)] // zero-error {{numthreads x must be between 1 and 1024 (got 0)}}
void zero() {}

[numthreads(32, 32, 2)] // total-error {{thread group size 32x32x2 = 2048 exceeds 1024 threads}}
void total() {}

[numthreads(16, 1, 64)]
void limits() {}
