// '-' reads the source from standard input; diagnostics name it <stdin>.
// RUN: cat %s | %hlslc -P - | FileCheck %s
// RUN: cat %s | %hlslc-subprocess -P - | FileCheck %s
// RUN: echo '#error from stdin' | not %hlslc -fsyntax-only - 2>&1 | FileCheck %s --check-prefix=ERR

from_standard_input

// CHECK: from_standard_input
// ERR: <stdin>:1:{{[0-9]+}}: error: {{.*}}from stdin
