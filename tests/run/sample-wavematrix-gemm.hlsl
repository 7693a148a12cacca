// The Wave Matrix GEMM sample (SM 6.8) runs with its pipeline file and gives
// numpy's result for every device depth K: row-major A, column-major B,
// MatrixDepth-stepped MultiplyAccumulate, ScalarMultiply, a row-major store.
// RUN: %hlslc run %S/../../samples/wavematrix_gemm_sm68.hlsl --pipeline %S/../../samples/wavematrix_gemm_sm68.yaml -T cs_6_8 -enable-16bit-types | FileCheck %s
// RUN: %hlslc run %S/../../samples/wavematrix_gemm_sm68.hlsl --pipeline %S/../../samples/wavematrix_gemm_sm68.yaml -T cs_6_8 -enable-16bit-types --wave-matrix-depth 32 | FileCheck %s
// CHECK: - Name: Output
// CHECK: Product: pass
//
// A depth that is no multiple of 16 is a usage error.
// RUN: not %hlslc run %S/../../samples/wavematrix_gemm_sm68.hlsl --pipeline %S/../../samples/wavematrix_gemm_sm68.yaml -T cs_6_8 -enable-16bit-types --wave-matrix-depth 24 2>&1 | FileCheck %s --check-prefix=DEPTH
// The pipeline's CompileArguments give -T cs_6_8 -enable-16bit-types, so a
// plain command runs it too.
// RUN: %hlslc run %S/../../samples/wavematrix_gemm_sm68.hlsl --pipeline %S/../../samples/wavematrix_gemm_sm68.yaml | FileCheck %s --check-prefix=PLAIN
// PLAIN: Product: pass
// DEPTH: hlslc: error: invalid value '24' for '--wave-matrix-depth'

[numthreads(1, 1, 1)]
void main() {}
