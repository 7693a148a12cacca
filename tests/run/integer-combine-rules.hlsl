// Mixed integer operands compute in the type DXC's CombineBasicTypes gives
// them: unsigned when either side is (`int < min16uint` compares as uint,
// so -1 is the largest value), the larger size (`uint + int64_t` is a
// uint64_t), and a bool takes the other side's type.
// RUN: %hlslc run %s --pipeline %S/integer-combine-rules.yaml | FileCheck %s
// CHECK: Out: pass

[[vk::binding(0)]] RWStructuredBuffer<uint> Out : register(u0);
[[vk::binding(1)]] RWStructuredBuffer<int> In : register(u1);

[numthreads(1, 1, 1)]
void main() {
  int minus = In[0];              // -1
  min16uint one = (min16uint)In[1];
  uint big = 0xFFFFFFFFu;
  int64_t wide = In[1];
  Out[0] = (minus < one) ? 1 : 0;         // as uint: 0xFFFFFFFF < 1 is false
  Out[1] = (minus / one) == 0xFFFFFFFFu;  // an unsigned division
  Out[2] = (uint)((big + wide) >> 32);    // 64-bit: the carry survives
  bool flag = true;
  Out[3] = (flag + one) * 10;             // min16uint: 20
}
