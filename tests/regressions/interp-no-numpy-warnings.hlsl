// Arithmetic that overflows or divides by zero follows IEEE and D3D rules on
// the interpreter and never leaks numpy's warnings to the terminal (a cast of
// 1e30 to half printed "RuntimeWarning: overflow encountered in cast").
// RUN: %hlslc run %s --pipeline %S/Inputs/interp-no-numpy-warnings.yaml --engine interp 2>&1 | FileCheck %s --implicit-check-not=Warning
// RUN: %hlslc run %s --pipeline %S/Inputs/interp-no-numpy-warnings.yaml --engine jit 2>&1 | FileCheck %s --implicit-check-not=Warning
// CHECK: Data: [ 31744, 64512, 0, 2139095040, 4286578688, 1, 4294967295, 1 ]
// CHECK: Halves: pass

StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = f32tof16(In[0]);          // +1e30: +inf in half
  Out[1] = f32tof16(-In[0]);         // -inf
  Out[2] = f32tof16(In[1]);          // 1e-30: underflows to +0
  Out[3] = asuint(In[0] * In[0]);    // overflow: +inf
  Out[4] = asuint(-In[0] / In[2]);   // -1e30 / 0: -inf
  Out[5] = isnan(In[2] / In[2]);     // 0 / 0: NaN (its bits are unspecified)
  Out[6] = (uint)In[2] / (uint)In[2]; // unsigned 0 / 0: all ones (D3D)
  Out[7] = 1;
}
