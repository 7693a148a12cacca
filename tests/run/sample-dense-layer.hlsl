// The dense-layer sample runs with its pipeline file and gives numpy's leaky
// ReLU layer (distinct fp16 inputs, fp32 accumulation): a cbuffer, structured
// buffers of half, groupshared staging, Wave-scope MultiplyAccumulate and an
// epilogue through groupshared memory.  --check finds no race in it.
// RUN: %hlslc run %S/../../samples/dense_layer_structured.hlsl --pipeline %S/../../samples/dense_layer_structured.yaml | FileCheck %s
// RUN: %hlslc run %S/../../samples/dense_layer_structured.hlsl --pipeline %S/../../samples/dense_layer_structured.yaml --check | FileCheck %s
// CHECK: - Name: Y
// CHECK: Layer: pass

[numthreads(1, 1, 1)]
void main() {}
