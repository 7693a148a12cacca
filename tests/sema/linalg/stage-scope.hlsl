// Wave and ThreadGroup scope matrices need a compute shader: an entry point of
// another stage that reaches one (directly or through a call) is an error;
// Thread scope is fine anywhere.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
#include <dx/linalg.h>
using namespace dx::linalg;
RWByteAddressBuffer Out : register(u0);

void Helper() {
  Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave> m =
      Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>::Splat(0.0f);
  m.Store(Out, 0, 64, MatrixLayout::RowMajor);
}

[shader("pixel")]
float4 PS() : SV_Target {
  Helper();
  return float4(0, 0, 0, 1);
}

// CHECK: stage-scope.hlsl:15:1: warning: entry point 'PS' is a 'pixel' shader
// CHECK: stage-scope.hlsl:11:7: error: Wave-scope matrix Matrix<F32, 16, 16, Accumulator, Wave> used from pixel shader entry point 'PS'{{.*}}[LINALG-STAGE-SCOPE]
// CHECK: stage-scope.hlsl:16:8: note: entry point 'PS' declared here
// CHECK: stage-scope.hlsl:12:3: error: Wave-scope matrix {{.*}}[LINALG-STAGE-SCOPE]
// CHECK: 1 warning and 2 errors generated.
