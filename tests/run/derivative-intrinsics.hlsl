// ddx, ddy, their _coarse and _fine forms and fwidth in compute (SM 6.6):
// differences across quads of four consecutive threads (0 1 on top, 2 3
// below; coarse ones from the quad's first thread, fine ones per row or
// column), lowered as DXC does (dx.op.unary 83-86; fwidth is
// abs(ddx) + abs(ddy)); DXC's shader-model and thread-group rules.
// RUN: %hlslc run %s -T cs_6_6 --pipeline %S/derivative-intrinsics.yaml | FileCheck %s
// CHECK: Results: pass
// CHECK-NEXT: Widths: pass
// RUN: %hlslc -T cs_6_6 %s | FileCheck %s --check-prefix=IR
// IR: call float @"dx.op.unary.f32"(i32 83,
// IR: call float @"dx.op.unary.f32"(i32 84,
// IR: call float @"dx.op.unary.f32"(i32 85,
// IR: call float @"dx.op.unary.f32"(i32 86,
// RUN: not %hlslc -T cs_6_5 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=SM
// SM: error: Intrinsic ddx potentially used by 'main' requires derivatives - shader model 6.6 or greater
// RUN: not %hlslc -T cs_6_6 -fsyntax-only -DTHREADS=6 %s 2>&1 | FileCheck %s --check-prefix=GROUP
// GROUP: error: Intrinsic ddx potentially used by 'main' requires derivatives - when used in compute
// RUN: %hlslc -T cs_6_6 -spirv -S %s | FileCheck %s --check-prefix=SPIRV
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv
// For Vulkan, SPV_KHR_compute_shader_derivatives with a line of quads (8, 1, 1):
// SPIRV: OpCapability DerivativeControl
// SPIRV: OpCapability ComputeDerivativeGroupLinearKHR
// SPIRV: OpExtension "SPV_KHR_compute_shader_derivatives"
// SPIRV: OpExecutionMode %main DerivativeGroupLinearKHR
// SPIRV-DAG: OpDPdxCoarse %float
// SPIRV-DAG: OpDPdyCoarse %float
// SPIRV-DAG: OpDPdxFine %float
// SPIRV-DAG: OpDPdyFine %float

#ifndef THREADS
#define THREADS 8
#endif

RWStructuredBuffer<float4> Out : register(u0);
RWStructuredBuffer<float> Width : register(u1);

[numthreads(THREADS, 1, 1)]
void main(uint i : SV_GroupIndex) {
  float v = i * i;
  Out[i] = float4(ddx(v), ddy(v), ddx_fine(v), ddy_fine(v));
  Width[i] = fwidth(v) + ddx_coarse(v) * 0 + ddy_coarse(v) * 0;
}
