// `max`, `min` and `asuint` of constants are constants, as DXC's constant
// evaluator folds them: an array size (`groupshared uint nodes[max(A, B)]`,
// NVIDIA RTXPT's light baker), a static constant, a static_assert.
// RUN: %hlslc run %s --pipeline %S/constant-min-max-asuint.yaml | FileCheck %s
// CHECK: Values: pass
// RUN: %hlslc -T cs_6_0 %s -o - | FileCheck %s --check-prefix=IR
// IR: @"g_nodes" = internal addrspace(3) global [64 x i32] undef

#define A 64
#define B 32
groupshared uint g_nodes[max(A, B)];
static const uint M = min(A, B);
static const uint Bits = asuint(1.0f);
static const float Larger = max(0.5, 2);
static_assert(asuint(-1) == 0xFFFFFFFFu && min(-3, 2) == -3 && max(1u, 2) == 2, "folded");

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(64, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint local[min(4, 8)] = { 1, 2, 3, 4 };
  g_nodes[i] = i * M;
  GroupMemoryBarrierWithGroupSync();
  if (i == 0) {
    Out[0] = g_nodes[63];
    Out[1] = Bits;
    Out[2] = (uint)(Larger * 10) + local[3];
    Out[3] = sizeof(g_nodes) / 4;
  }
}
