// hlslc run: a thread-group reduction through groupshared memory (cbuffer
// sizes, structured buffers in and out, barriers, a loop whose trip count
// differs per thread, a wave sum) gives numpy's result for distinct inputs.
// RUN: %hlslc run %s --pipeline %S/reduce-groupshared.yaml -T cs_6_5 | FileCheck %s
// The dxc revision's IR is in SSA form (loops carry values in phis, printed
// as DXC prints them): the same results.
// RUN: %hlslc run %s --pipeline %S/reduce-groupshared.yaml -T cs_6_5 --linalg-revision=dxc | FileCheck %s
// CHECK: Buffers:
// CHECK: - Name: Out
// CHECK: Data: [ 42.0, 48.0, 54.0, 60.0,
// CHECK: Sums: pass
// CHECK-NEXT: Partial: pass

StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
RWStructuredBuffer<uint> Count : register(u1);
cbuffer Sizes : register(b0) { uint N; float Scale; };
groupshared float Tile[64];

[numthreads(64, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  Tile[gi] = In[tid.x] * Scale;
  GroupMemoryBarrierWithGroupSync();
  float s = 0;
  for (uint k = 0; k < N; k++) {
    if (k % 2 == 0)
      s += Tile[(gi + k) % 64];
    else
      s -= 1;
  }
  Out[tid.x] = s + WaveActiveSum(1.0);
  // A loop that runs gi % 4 times: threads leave it at different times.
  uint c = 0;
  for (uint j = 0; j < gi % 4; j++)
    c += j + 1;
  Count[tid.x] = c;
}
