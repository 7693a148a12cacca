// An exception inside the compiler is an internal compiler error: one line
// naming the exception, a request to report it, exit status 3; the Python
// traceback only with HLSLC_TRACEBACK=1.
// RUN: not --crash %hlslc --debug-crash %s 2>&1 | FileCheck %s --implicit-check-not=Traceback
// RUN: not --crash %hlslc --debug-crash -P %s 2>&1 | FileCheck %s --implicit-check-not=Traceback
// RUN: not --crash env HLSLC_TRACEBACK=1 %hlslc --debug-crash %s 2>&1 | FileCheck %s --check-prefixes=CHECK,TRACE
// RUN: not --crash %hlslc-subprocess --debug-crash %s 2>&1 | FileCheck %s --implicit-check-not=Traceback

// CHECK: {{^}}hlslc: internal compiler error: RuntimeError: deliberate crash in the {{[a-z]+}} stage (--debug-crash)
// CHECK-NEXT: {{^}}hlslc: note: this is a bug in hlslc; please report it
// TRACE-NEXT: Traceback (most recent call last):
// TRACE: RuntimeError: deliberate crash

[numthreads(1, 1, 1)]
void main() {}
