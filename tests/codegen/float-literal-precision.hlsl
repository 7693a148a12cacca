// RUN: %hlslc -T cs_6_5 -HV 202x %s | FileCheck %s --check-prefix=HV202X
// RUN: %hlslc -T cs_6_5 -HV 2021 %s | FileCheck %s --check-prefix=HV2021
// An unsuffixed floating literal is a float in HLSL 202x (conforming
// literals), so a double made from one has a float's precision; in HLSL
// 2021 it is a literal of any precision and keeps a double's.  A literal
// with the `f` suffix is a float in both (offload-test-suite
// HLSLLib/asuint.64).

RWStructuredBuffer<double> Out : register(u0);

// HV202X: call void @"dx.op.rawBufferStore.f64"({{.*}}double 0x401647ae20000000
// HV202X: call void @"dx.op.rawBufferStore.f64"({{.*}}double 0x3ff19999a0000000
// HV2021: call void @"dx.op.rawBufferStore.f64"({{.*}}double 0x401647ae147ae148
// HV2021: call void @"dx.op.rawBufferStore.f64"({{.*}}double 0x3ff19999a0000000

[numthreads(1, 1, 1)]
void main() {
  Out[0] = 5.57;
  Out[1] = 1.1f;
}
