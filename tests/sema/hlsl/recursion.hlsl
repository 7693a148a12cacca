// HLSL has no recursion: a cycle in the call graph is an error at the call
// that closes it.
// RUN: %hlslc -T lib_6_10 -fsyntax-only -verify %s

int Fact(int n) {
  return n <= 1 ? 1 : n * Fact(n - 1); // expected-error {{recursive call to 'Fact': HLSL does not allow recursion}}
}                                      // expected-note@-2 {{'Fact' is declared here}}

int Ping(int n);
int Pong(int n) { return Ping(n - 1); } // expected-note {{'Pong' is declared here}}
int Ping(int n) { return n > 0 ? Pong(n) : 0; } // expected-error {{recursive call to 'Pong'}}

int Leaf(int n) { return n + 1; }
int Caller(int n) { return Leaf(n) + Leaf(n + 1); }
