// --reflect: every dx::linalg matrix type the lowered code uses, with K for
// A (its N) and B (its M) matrices, and the operations that use it; then
// the PSV matrix uses exactly as !dx.linalg.matrixUses carries them (M, N,
// K, scope, operand and result types; M = 1 for the vector forms).
// RUN: %hlslc %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json
// RUN: FileCheck %s --input-file=%t.ll --check-prefix=IR
#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Raw;
RWByteAddressBuffer Out;
groupshared half Tile[512];

#define MAT(T, M, N, U, S) Matrix<MatrixComponentType::T, M, N, MatrixUse::U, MatrixScope::S>

[numthreads(64, 1, 1)]
void main() {
  MAT(F16, 16, 32, A, Wave) a = MAT(F16, 16, 32, A, Wave)::Load(Raw, 0, 64, MatrixLayout::RowMajor);
  MAT(F16, 32, 16, B, Wave) b = MAT(F16, 32, 16, B, Wave)::Load(Tile, 0, 16, MatrixLayout::RowMajor);
  MAT(F32, 16, 16, Accumulator, Wave) c = MAT(F32, 16, 16, Accumulator, Wave)::Splat(0);
  c.MultiplyAccumulate(a, b);
  c *= 2;
  c.Store(Out, 0, 64, MatrixLayout::RowMajor);

  MAT(F16, 64, 32, B, Thread) w = MAT(F16, 64, 32, B, Thread)::Load(Raw, 0, 0, MatrixLayout::MulOptimal);
  vector<half, 32> v = MultiplyAdd<half>(Raw.Load< vector<half, 64> >(0), w, Raw.Load< vector<half, 32> >(128));
  Out.Store(4096, v[0]);
}

// CHECK:      "linalg": {
// CHECK-NEXT:   "matrices": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "type": "Matrix<F16, 16, 32, A, Wave>",
// CHECK-NEXT:       "component_type": "F16",
// CHECK-NEXT:       "m": 16,
// CHECK-NEXT:       "n": 32,
// CHECK-NEXT:       "k": 32,
// CHECK-NEXT:       "use": "A",
// CHECK-NEXT:       "scope": "Wave",
// CHECK-NEXT:       "operations": ["Load", "MultiplyAccumulate"]
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "type": "Matrix<F16, 32, 16, B, Wave>",
// CHECK-NEXT:       "component_type": "F16",
// CHECK-NEXT:       "m": 32,
// CHECK-NEXT:       "n": 16,
// CHECK-NEXT:       "k": 32,
// CHECK-NEXT:       "use": "B",
// CHECK-NEXT:       "scope": "Wave",
// CHECK-NEXT:       "operations": ["Load", "MultiplyAccumulate"]
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "type": "Matrix<F32, 16, 16, Accumulator, Wave>",
// CHECK-NEXT:       "component_type": "F32",
// CHECK-NEXT:       "m": 16,
// CHECK-NEXT:       "n": 16,
// CHECK-NEXT:       "k": null,
// CHECK-NEXT:       "use": "Accumulator",
// CHECK-NEXT:       "scope": "Wave",
// CHECK-NEXT:       "operations": ["Splat", "MultiplyAccumulate", "ElementwiseOp", "Store"]
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "type": "Matrix<F16, 64, 32, B, Thread>",
// CHECK-NEXT:       "component_type": "F16",
// CHECK-NEXT:       "m": 64,
// CHECK-NEXT:       "n": 32,
// CHECK-NEXT:       "k": 64,
// CHECK-NEXT:       "use": "B",
// CHECK-NEXT:       "scope": "Thread",
// CHECK-NEXT:       "operations": ["Load", "MultiplyAdd"]
// CHECK-NEXT:     }
// CHECK-NEXT:   ],
// CHECK-NEXT:   "matrix_uses": [
// CHECK-NEXT:     {
// CHECK-NEXT:       "m": 16,
// CHECK-NEXT:       "n": 16,
// CHECK-NEXT:       "k": 32,
// CHECK-NEXT:       "scope": "Wave",
// CHECK-NEXT:       "operand_type": "F16",
// CHECK-NEXT:       "result_type": "F32"
// CHECK-NEXT:     },
// CHECK-NEXT:     {
// CHECK-NEXT:       "m": 1,
// CHECK-NEXT:       "n": 32,
// CHECK-NEXT:       "k": 64,
// CHECK-NEXT:       "scope": "Thread",
// CHECK-NEXT:       "operand_type": "F16",
// CHECK-NEXT:       "result_type": "F16"
// CHECK-NEXT:     }
// CHECK-NEXT:   ]
// CHECK-NEXT: },
// CHECK-NEXT: "wave_matrices": []

// The same two entries in the IR (scope Wave = 1, Thread = 0; F16 = 8, F32 = 9).
// IR: !dx.linalg.matrixUses = !{ ![[U1:[0-9]+]], ![[U2:[0-9]+]] }
// IR-DAG: ![[U1]] = !{ i32 16, i32 16, i32 32, i32 1, i32 8, i32 9 }
// IR-DAG: ![[U2]] = !{ i32 1, i32 32, i32 64, i32 0, i32 8, i32 8 }
