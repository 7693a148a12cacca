// RUN: %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -verify %s
// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s | FileCheck %s
// expected-no-diagnostics
// Bit-field widths are integer constant expressions.  As in DXC, a ':'
// followed by a name is a semantic, so a width that starts with a name is
// written in parentheses; a '?:' width too (its last operand would take the
// '=' of an initializer).  Reading a bit-field gives its declared type.

static const uint N = 3;
enum Kind { KA, KB };

struct Widths {
  uint a : (N);
  uint b : 2 * 4;
  uint c : (N > 2 ? 5 : 1);
  uint : 4;           // unnamed: padding bits in the same unit
  uint d : -(-2);
  uint : 0;           // closes the unit
  int e : sizeof(uint);
  bool f : 1;         // bool is integral (32 bits), as in DXC
  uint64_t g : 33;
  int16_t h : 3;
};


struct WithEnum { Kind k : 2; uint x : 3; };

struct Flags { uint a : 4; uint b : 12; uint c : 16; int d : 8; uint64_t e : 40; };
static_assert(sizeof(Flags) == 16, "three storage units");

uint sum(Widths w) { return w.a + w.b + w.c + w.d + (w.f ? 1 : 0) + w.g; }

// Units: uint (a, b, c, the padding, d: 22 bits), int (e), uint (the bool f),
// uint64_t (g), int16_t (h); a bool reads as 'bits != 0'.
// CHECK: %"w" = alloca {i32, i32, i32, i64, i16}
// CHECK: %"we" = alloca {i32, i32}
// CHECK: %"f" = alloca {i32, i32, i64}
// CHECK: icmp ne i32 {{%"\.[0-9]+"}}, 0
[numthreads(1, 1, 1)]
void main() {
  Widths w = {1, 2, 3, 4, -1, true, 5, -2};
  WithEnum we;
  we.k = KB;
  Kind k = we.k;
  Flags f = {1, 2, 3, -4, 5};
  int neg = f.d;
  uint64_t big = f.e;
  f.a = f.b;
  f.c++;
  --f.d;
  f.e <<= 2;
  uint s = sum(w);
  // A scalar cast sets every bit-field (d is 8 bits: -1 is 255).
  // CHECK: and i32 5, 15
  // CHECK: and i32 -1, 255
  Flags z = (Flags)5;
  Flags m = (Flags)-1;
}
