// A scalar converted to a vector is splatted the LLVM way: one insertelement
// into lane 0 of undef and a shufflevector with an all-zero mask, whatever
// the length (a constant scalar becomes a constant vector).
// RUN: %hlslc -T cs_6_10 %s | FileCheck %s

RWByteAddressBuffer B;

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float f = asfloat(B.Load(0));
  vector<float, 64> v = f;
  vector<uint, 4> c = 7;
  B.Store(4, asuint(v[id.x]) + c[id.x]);
}

// CHECK: [[F:%"\.[0-9]+"]] = load float, float* %"f"
// CHECK-NEXT: [[ONE:%"\.[0-9]+"]] = insertelement <64 x float> undef, float [[F]], i32 0
// CHECK-NEXT: [[ALL:%"\.[0-9]+"]] = shufflevector <64 x float> [[ONE]], <64 x float> undef, <64 x i32> zeroinitializer
// CHECK-NEXT: store <64 x float> [[ALL]], <64 x float>* %"v"
// CHECK-NOT: insertelement <64 x float>
// CHECK: store <4 x i32> <i32 7, i32 7, i32 7, i32 7>
