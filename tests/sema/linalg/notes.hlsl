// The full rendering of one failed dx::linalg call: the error at the call
// with its source line and range, then the candidate note pointing into the
// built-in dx/linalg.h at the failed enable_if condition, with the template
// arguments it was checked with, and the summary line.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only -fno-color-diagnostics %s 2>&1 | FileCheck %s --strict-whitespace

#include <dx/linalg.h>
using namespace dx::linalg;

using ThreadAcc = Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;
using ThreadAcc16 = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::Accumulator, MatrixScope::Thread>;

ThreadAcc16 narrow(ThreadAcc m) {
  return m.cast<MatrixComponentType::F16>();
}
// CHECK:      {{^.*}}notes.hlsl:[[@LINE-2]]:10: error: 'cast' requires a Wave or ThreadGroup scope matrix, but 'm' has Thread scope [LINALG-OPERATION-SCOPE]{{$}}
// CHECK-NEXT: {{^}}  return m.cast<MatrixComponentType::F16>();{{$}}
// CHECK-NEXT: {{^}}         ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: {{^.*}}dx{{[/\\]}}linalg.h:{{[0-9]+}}:28: note: candidate template ignored: requirement 'Scope != MatrixScope::Thread' was not satisfied [with Scope = MatrixScope::Thread]{{$}}
// CHECK-NEXT: {{^}}  typename hlsl::enable_if<Scope != MatrixScope::Thread,{{$}}
// CHECK-NEXT: {{^}}                           ^~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
// CHECK-NEXT: {{^}}1 error generated.{{$}}
// CHECK-EMPTY:
