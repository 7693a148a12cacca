// The portability group: warnings by default; -Werror=portability makes
// them errors (exit status 1, no output), -Wno-portability silences them,
// -Wno-error=portability keeps them warnings under -Werror, and -Werror
// alone promotes them as any warning.
// RUN: %hlslc -fsyntax-only --target-device apple-metal %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not %hlslc --target-device apple-metal -Werror=portability -o %t.ll %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %hlslc -fsyntax-only --target-device apple-metal -Wno-portability %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %hlslc -fsyntax-only --target-device apple-metal -Werror -Wno-error=portability %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: not %hlslc -fsyntax-only --target-device apple-metal -Werror %s 2>&1 | FileCheck %s --check-prefix=WERROR
// RUN: %hlslc -fsyntax-only --target-device apple-metal -w %s 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// RUN: %hlslc -fsyntax-only --target-device apple-metal -Werror=portability -Wno-portability %s
#include <dx/linalg.h>
using namespace dx::linalg;

ByteAddressBuffer Raw;

[numthreads(32, 1, 1)]
void main() {
  Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave> a =
      Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::A, MatrixScope::Wave>::Load(Raw, 0, 32, MatrixLayout::RowMajor);
}
// WARN: werror.hlsl:[[@LINE-3]]:3: warning: 'Matrix<F16, 16, 16, A, Wave>' is not supported by device 'apple-metal'{{.*}} [-Wportability] [PORTABILITY-UNSUPPORTED]{{$}}
// WARN: 1 warning generated.
// ERR: werror.hlsl:[[@LINE-5]]:3: error: 'Matrix<F16, 16, 16, A, Wave>' is not supported by device 'apple-metal'{{.*}} [-Werror=portability] [PORTABILITY-UNSUPPORTED]{{$}}
// ERR: 1 error generated.
// WERROR: werror.hlsl:[[@LINE-7]]:3: error: {{.*}} [-Wportability] [-Werror] [PORTABILITY-UNSUPPORTED]{{$}}
// QUIET-NOT: {{.}}
