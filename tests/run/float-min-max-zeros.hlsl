// hlslc run: min and max of two zeros of different signs, and of NaN, as
// the interpreter (numpy's fmin/fmax) computes them on both engines: the
// first argument where it is strictly smaller (larger) or the second is
// NaN, else the second; so max(-0, +0) is +0 and max(+0, -0) is -0.  The
// JIT used LLVM's minnum/maxnum, which may return either zero (x86 gave
// the other one): random programs 2205, 3233 and 4796 differed there.
// Each thread takes a = ±0 (bit 0 of its index), b = ±0 (bit 1); threads
// 4-7 take a NaN or 1 against ±0.  Expected bits worked out by hand.
// GPU: which zero a GPU's min or max of +0 and -0 gives is the driver's (D3D allows either; SPIR-V's FMin and FMax keep the sign only under SignedZeroInfNanPreserve)
// RUN: %hlslc run %s --pipeline %S/float-min-max-zeros.yaml | FileCheck %s
// RUN: %hlslc run %s --pipeline %S/float-min-max-zeros.yaml --engine interp | FileCheck %s
// CHECK: MinMax: pass

RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<float> In : register(t0);

[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  // In = { +0, -0, NaN, 1 }: read, so that nothing folds at compile time.
  float a = In[gi & 1];
  float b = In[(gi >> 1) & 1];
  if (gi >= 4) {
    a = In[2 + (gi & 1)];       // NaN or 1
  }
  Out[gi] = asuint(max(a, b));
  Out[8 + gi] = asuint(min(a, b));
  Out[16 + gi] = asuint(max(b, a));
  Out[24 + gi] = asuint(min(b, a));
}
