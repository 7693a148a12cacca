// Several inputs in one process: `-o DIR/` writes DIR/NAME.ll per input,
// `-j N` compiles them in N worker processes with the output and the
// diagnostics still in input order, and the exit status is the worst one.
// RUN: rm -rf %t && %hlslc %S/Inputs/batch/first.hlsl %S/Inputs/batch/second.hlsl -o %t/
// RUN: cat %t/first.ll | FileCheck %s --check-prefix=FIRST
// RUN: cat %t/second.ll | FileCheck %s --check-prefix=SECOND
// RUN: rm -rf %t && %hlslc-subprocess -j 2 %S/Inputs/batch/first.hlsl %S/Inputs/batch/second.hlsl -o %t/
// RUN: cat %t/first.ll | FileCheck %s --check-prefix=FIRST
// RUN: cat %t/second.ll | FileCheck %s --check-prefix=SECOND
// RUN: %hlslc-subprocess -j 2 -P %S/Inputs/batch/broken.hlsl %S/Inputs/batch/second.hlsl %S/Inputs/batch/broken.hlsl 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: not %hlslc-subprocess -j 3 -fsyntax-only %S/Inputs/batch/first.hlsl %S/Inputs/batch/broken.hlsl %S/Inputs/batch/second.hlsl 2>&1 | FileCheck %s --check-prefix=STATUS
// RUN: not --crash %hlslc-subprocess -j 2 --debug-crash -fsyntax-only %S/Inputs/batch/first.hlsl %S/Inputs/batch/second.hlsl 2>&1 | FileCheck %s --check-prefix=CRASH
// RUN: rm -rf %t && echo x > %t && not %hlslc %S/Inputs/batch/second.hlsl -o %t/ 2>&1 | FileCheck %s --check-prefix=NOT-A-DIR
// RUN: rm -rf %t && %hlslc -P %S/Inputs/batch/second.hlsl -o %t/ && cat %t/second.i | FileCheck %s --check-prefix=PRINTED
// RUN: rm -rf %t && %hlslc --ast-dump %S/Inputs/batch/second.hlsl -o %t/ && cat %t/second.ast | FileCheck %s --check-prefix=AST

// FIRST: call %"dx.types.MatrixRef"* @"dx.op.createMatrix"
// FIRST: !dx.entryPoints
// SECOND: call void @"dx.op.rawBufferStore.i32"
// SECOND-NOT: dx.op.createMatrix

// -P output (stdout) and diagnostics (stderr) of the three inputs, in order.
// ORDER: void main() { undeclared = 1; }
// ORDER: void main() { Out.Store(0, 7u); }
// ORDER: void main() { undeclared = 1; }

// STATUS: broken.hlsl:3:15: error: use of undeclared identifier 'undeclared'
// STATUS: 1 error generated.
// STATUS-NOT: error

// An internal error in a worker is reported as in one process, per input.
// CRASH: hlslc: internal compiler error: RuntimeError: deliberate crash in the sema stage (--debug-crash)
// CRASH: hlslc: internal compiler error: RuntimeError: deliberate crash in the sema stage (--debug-crash)

// NOT-A-DIR: hlslc: error: cannot create output directory '{{.*}}.tmp/': it exists and is not a directory

// PRINTED: void main() { Out.Store(0, 7u); }
// AST: FunctionDecl
