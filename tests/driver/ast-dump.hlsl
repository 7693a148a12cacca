// --ast-dump (also spelt -ast-dump) prints the syntax tree on stdout, or
// into the -o file.
// RUN: %hlslc --ast-dump %s | FileCheck %s
// RUN: %hlslc -ast-dump -T lib_6_10 %s | FileCheck %s
// RUN: %hlslc --ast-dump -fsyntax-only %s | FileCheck %s
// RUN: %hlslc --ast-dump %s -o %t && FileCheck %s --input-file=%t

static const uint Width = 4;

[numthreads(1, 1, 1)]
void main() {
}

// CHECK: TranslationUnit
// CHECK: VarDecl {{.*}}Width
// CHECK: FunctionDecl {{.*}}main
