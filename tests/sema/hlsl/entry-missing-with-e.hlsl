// -E names a function the file does not define. The error is about the whole
// file (no line), so the directive uses @*.
// RUN: %hlslc -T cs_6_10 -E compute -fsyntax-only -verify %s

// expected-error@* {{missing entry point definition 'compute'}}
float helper(float x) { return x; }
