// A compute entry point needs [numthreads(x, y, z)].
// RUN: %hlslc -T cs_6_10 -fsyntax-only -verify %s

void main() {} // expected-error {{compute entry point 'main' must have a [numthreads(x, y, z)] attribute}}
