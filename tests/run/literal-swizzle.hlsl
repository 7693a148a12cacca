// Swizzles of scalar literals, as DXC's lexer splits them: a number stops
// before a second '.', and before a '.' followed by 'x' or 'r' (`1.xx`,
// `0x04.xxx`); a parenthesised literal takes any scalar swizzle.
// RUN: %hlslc run %s --pipeline %S/literal-swizzle.yaml | FileCheck %s
// CHECK: Floats: pass
// CHECK-NEXT: Ints: pass
// RUN: %hlslc -P %s | FileCheck %s --check-prefix=PP
// PP: Out[0] = float4(0.5.xx, 70.0.x, .5.r);
// PP: uint3 m = 0x04.xxx + 1.xxx + (3).xxx + 2u.rrr;
// RUN: not %hlslc -fsyntax-only -DBAD %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: vector swizzle 'y' is out of bounds for 'literal float'
// BAD-NOT: error:
// RUN: not %hlslc -fsyntax-only -DBAD2 %s 2>&1 | FileCheck %s --check-prefix=BAD2
// BAD2: :[[@LINE+18]]:20: error: expected ';' after declaration

RWStructuredBuffer<float4> Out : register(u0);
RWStructuredBuffer<uint3> Bits : register(u1);

#define HALF 0.5
[numthreads(1, 1, 1)]
void main() {
  Out[0] = float4(0.5.xx, 70.0.x, .5.r);
  Out[1] = 1.0f.xxxx + HALF.xxxx + 1e1.xxxx;
  Out[2] = 2.rrrr * 1.5.rrrr;
  uint3 m = 0x04.xxx + 1.xxx + (3).xxx + 2u.rrr;
  Bits[0] = m;
  Bits[1] = (7).xxx & 0x0f.xxx;
#ifdef BAD
  float2 bad = 1.0.xy;
#endif
#ifdef BAD2
  float worse = 1.0.5;
#endif
}
