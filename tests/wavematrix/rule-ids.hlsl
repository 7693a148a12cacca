// Sema reports the Wave Matrix rules with the same IDs as the IR validator
// (docs/rules.md): a CI job can match them in either place.
// RUN: not %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only -fdiagnostics-format=json %s 2>&1 | FileCheck %s
// RUN: not %hlslc -T cs_6_8 -enable-16bit-types -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=TEXT
RWByteAddressBuffer Out : register(u0);

[numthreads(32, 1, 1)]
void main() {
  WaveMatrixLeft<half, 16, 32> bad_dim;
  WaveMatrixLeft<half, 16, 16> left;
  WaveMatrixRight<float, 16, 16> right;
  WaveMatrixAccumulator<float, 16, 16> acc;
  acc.Multiply(left, right);
  acc.Multiply(right, right);
  acc.Store(Out, 2, 64, false);
}

// CHECK: "id": "WAVEMATRIX-PROPS"
// CHECK: "id": "WAVEMATRIX-DIMENSION-MISMATCH"
// CHECK: "id": "WAVEMATRIX-OPERAND-KIND"
// CHECK: "id": "WAVEMATRIX-OPERAND-VALUE"
// TEXT: rule-ids.hlsl:9:28: error: 'WaveMatrixLeft' dimension N must be 16 or 64, not 32 [WAVEMATRIX-PROPS]
