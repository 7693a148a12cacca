// Calls the header's templates reject are explained in the API's terms and
// carry the ID of the spec rule behind them: the same ID the IR validator
// reports for the same mistake in IR (docs/rules.md).
// RUN: not %hlslc -T cs_6_10 -fsyntax-only -fdiagnostics-format=json %s 2>&1 | FileCheck %s
// RUN: not %hlslc -T cs_6_10 -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=TEXT
#include <dx/linalg.h>
using namespace dx::linalg;
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
using WA = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>;
using WA32 = Matrix<MatrixComponentType::F16, 16, 32, MatrixUse::A, MatrixScope::Wave>;
using WB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Wave>;
using GB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::ThreadGroup>;
using WC = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>;
using TB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;

[numthreads(32, 1, 1)]
void main() {
  WA a = WA::Splat((half)0);
  WA32 a32 = WA32::Splat((half)0);
  WB b = WB::Splat((half)0);
  GB g = GB::Splat((half)0);
  WC c = WC::Splat(0.0f);
  c.MultiplyAccumulate(b, b);          // LINALG-OPERAND-USE
  c.MultiplyAccumulate(a32, b);        // LINALG-OPERAND-SHAPE
  c.MultiplyAccumulate(a, g);          // LINALG-SCOPE-MISMATCH
  TB t = TB::Splat((half)0);           // LINALG-OPERATION-SCOPE
  c.Store(In, 0, 64, MatrixLayout::RowMajor); // LINALG-RESOURCE-KIND
}

// CHECK: "line": 24, {{.*}} "id": "LINALG-OPERAND-USE", "message": "the first operand of 'MultiplyAccumulate' must be an A matrix
// CHECK: "line": 25, {{.*}} "id": "LINALG-OPERAND-SHAPE", "message": "A is 16x32 but B is 16x16: the K dimensions differ
// CHECK: "line": 26, {{.*}} "id": "LINALG-SCOPE-MISMATCH", "message": "A has Wave scope but B has ThreadGroup scope
// CHECK: "line": 27, {{.*}} "id": "LINALG-OPERATION-SCOPE", "message": "'Splat' requires a Wave or ThreadGroup scope matrix
// CHECK: "line": 28, {{.*}} "id": "LINALG-RESOURCE-KIND", "message": "'Store' writes memory
// TEXT: template-rule-ids.hlsl:24:3: error: the first operand of 'MultiplyAccumulate' must be an A matrix (MatrixUse::A), but it is a B matrix [LINALG-OPERAND-USE]
