// The tiled GEMM sample runs with its pipeline file and gives numpy's
// result (fp16 inputs with distinct values, fp32 accumulation): groupshared
// tiles, Wave-scope dx::linalg loads from groupshared memory,
// MultiplyAccumulate, scale, abs, cast to fp16 and a store to a descriptor.
// RUN: %hlslc run %S/../../samples/tiled_gemm_wave.hlsl --pipeline %S/../../samples/tiled_gemm_wave.yaml -T cs_6_10 | FileCheck %s
// CHECK: - Name: MatC
// CHECK: Product: pass
//
// A wrong comparison is caught: the same run comparing the input A with the
// expected product fails.
// RUN: %python -c "import sys; t = open(sys.argv[1]).read(); print(t.replace('Actual: MatC', 'Actual: MatA'))" %S/../../samples/tiled_gemm_wave.yaml > %t.yaml
// RUN: not %hlslc run %S/../../samples/tiled_gemm_wave.hlsl --pipeline %t.yaml -T cs_6_10 | FileCheck %s --check-prefix=WRONG
// WRONG: Product: FAIL:

[numthreads(1, 1, 1)]
void main() {}
