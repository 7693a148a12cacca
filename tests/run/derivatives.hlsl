// The derivative operations on the CPU (DXC's IR: hlslc's lowering has no
// ddx/ddy intrinsics, so Inputs/derivatives.ll holds them): each quad is
// four consecutive threads of the group, 0 1 above 2 3 (SM 6.6 compute
// quads); coarse derivatives are the top row's (x) and left column's (y)
// for the whole quad, fine ones the thread's row and column.
// x = 0 1 4 9 | 16 25 36 49: per thread DerivCoarseX, DerivCoarseY,
// DerivFineX, DerivFineY.
// RUN: %hlslc run %S/Inputs/derivatives.ll --pipeline %S/derivatives.yaml | FileCheck %s
// CHECK: Derivatives: pass

[numthreads(1, 1, 1)]
void main() {}
