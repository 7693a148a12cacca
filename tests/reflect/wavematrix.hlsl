// --reflect: SM 6.8 Wave Matrix types, with their element type, DXIL
// component type, M and N (K is the device's MatrixDepth(), not known when
// compiling) and the methods that use them (as object or operand).
// RUN: %hlslc -T cs_6_8 -enable-16bit-types %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json

ByteAddressBuffer In;
RWByteAddressBuffer Out;

[numthreads(64, 1, 1)]
void main() {
  WaveMatrixLeft<float16_t, 16, 16> a;
  WaveMatrixRight<float16_t, 16, 16> b;
  WaveMatrixAccumulator<float32_t, 16, 16> c;
  WaveMatrixLeftColAcc<float32_t, 16, 16> sums;
  a.Load(In, 0, 32, false);
  b.Load(In, 512, 32, true);
  c.Fill(0);
  c.MultiplyAccumulate(a, b);
  c.ScalarMultiply(0.5);
  sums.Fill(0);
  sums.SumAccumulate(a);
  c.Store(Out, 0, 64, false);
  sums.Store(Out, 2048, 4);
  WaveMatrixRight<uint8_t4_packed, 64, 64> unused;
}

// CHECK:      "wave_matrices": [
// CHECK-NEXT:   {
// CHECK-NEXT:     "type": "WaveMatrixLeft<half, 16, 16>",
// CHECK-NEXT:     "kind": "WaveMatrixLeft",
// CHECK-NEXT:     "element_type": "half",
// CHECK-NEXT:     "component_type": "F16",
// CHECK-NEXT:     "m": 16,
// CHECK-NEXT:     "n": 16,
// CHECK-NEXT:     "operations": ["Load", "MultiplyAccumulate", "SumAccumulate"]
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "type": "WaveMatrixRight<half, 16, 16>",
// CHECK:          "operations": ["Load", "MultiplyAccumulate"]
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "type": "WaveMatrixAccumulator<float, 16, 16>",
// CHECK-NEXT:     "kind": "WaveMatrixAccumulator",
// CHECK-NEXT:     "element_type": "float",
// CHECK-NEXT:     "component_type": "F32",
// CHECK:          "operations": ["Fill", "MultiplyAccumulate", "ScalarMultiply", "Store"]
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "type": "WaveMatrixLeftColAcc<float, 16, 16>",
// CHECK-NEXT:     "kind": "WaveMatrixLeftColAcc",
// CHECK:          "operations": ["Fill", "SumAccumulate", "Store"]
// CHECK-NEXT:   },
// A declared matrix no method uses is still a type of the module.
// CHECK-NEXT:   {
// CHECK-NEXT:     "type": "WaveMatrixRight<uint8_t4_packed, 64, 64>",
// CHECK-NEXT:     "kind": "WaveMatrixRight",
// CHECK-NEXT:     "element_type": "uint8_t4_packed",
// CHECK-NEXT:     "component_type": "PackedU8x32",
// CHECK-NEXT:     "m": 64,
// CHECK-NEXT:     "n": 64,
// CHECK-NEXT:     "operations": []
// CHECK-NEXT:   }
// CHECK-NEXT: ]
