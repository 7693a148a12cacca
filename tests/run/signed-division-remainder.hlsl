// Signed division and remainder truncate toward zero, the remainder taking
// the dividend's sign (-7 % 3 is -1, 7 % -3 is 1), scalar and vector, on
// values only known when the dispatch runs.  In SPIR-V, OpSDiv works on
// signed types (ints bitcast to and from), as DXC types it, and the
// remainder is x - (x / y) * y: NVIDIA's driver (580, H100 and H200)
// computes OpSRem as an unsigned remainder (-2 % 201 gave 98).
// RUN: %hlslc run %s --pipeline %S/signed-division-remainder.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_0 -spirv -S %s | FileCheck %s --check-prefix=SPIRV
// SPIRV: [[A:%[0-9]+]] = OpBitcast %int
// SPIRV: [[B:%[0-9]+]] = OpBitcast %int
// SPIRV: [[Q:%[0-9]+]] = OpSDiv %int [[A]] [[B]]
// SPIRV: [[P:%[0-9]+]] = OpIMul %int [[Q]] [[B]]
// SPIRV: [[R:%[0-9]+]] = OpISub %int [[A]] [[P]]
// SPIRV: OpBitcast %uint [[R]]
// SPIRV: OpSDiv %int
// SPIRV: OpSDiv %v2int
// SPIRV-NOT: OpSRem
// SPIRV-NOT: OpSDiv %uint

StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  int a = In[i];          // -7, 7, -2, 2147483647
  int b = In[4 + i];      // 3, -3, 201, -2
  Out[i] = a % b;
  Out[4 + i] = a / b;
  int2 v = int2(a, -a) % int2(b, b);
  Out[8 + i] = v.x + 100 * v.y;
  Out[12 + i] = (a % b) >> 4;
}
