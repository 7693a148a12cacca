// The MLP training-step sample runs with its pipeline file and gives numpy's
// forward outputs and weight gradients (distinct inputs; 100 samples in two
// groups of 64, the last 28 threads returning at once): Thread-scope loads
// in MulOptimal, RowMajor and ColMajor layouts, MultiplyAdd / Multiply,
// OuterProduct and Accumulate in OuterProductOptimal layout, and a static
// const table of structs.  The opaque layouts are rearranged by the pipeline's
// MatrixLayouts, so the result holds whatever order --seed picks.
// RUN: %hlslc run %S/../../samples/mlp_layer_thread.hlsl --pipeline %S/../../samples/mlp_layer_thread.yaml | FileCheck %s
// RUN: %hlslc run %S/../../samples/mlp_layer_thread.hlsl --pipeline %S/../../samples/mlp_layer_thread.yaml --seed 5 | FileCheck %s
// CHECK: - Name: GradBuffer
// CHECK: Forward: pass
// CHECK: Gradients: pass
//
// Without the conversion, W1 read in MulOptimal layout from row-major bytes
// is a permuted matrix, and the run says so.
// RUN: %python -c "import sys; t = open(sys.argv[1]).read(); print(t.replace('Layout: MulOptimal', 'Layout: OuterProductOptimal'))" %S/../../samples/mlp_layer_thread.yaml > %t.yaml
// RUN: not %hlslc run %S/../../samples/mlp_layer_thread.hlsl --pipeline %t.yaml | FileCheck %s --check-prefix=WRONG
// WRONG: Forward: FAIL: {{[0-9]+}} of 900 elements differ

[numthreads(1, 1, 1)]
void main() {}
