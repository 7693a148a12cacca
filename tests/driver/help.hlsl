// `-h`, `--help` and `-help` print the usage on stdout and exit 0; the text
// says what a compile writes, and lists every option.
// RUN: %hlslc --help | FileCheck %s
// RUN: %hlslc -h | FileCheck %s
// RUN: %hlslc -help | FileCheck %s

// CHECK: usage: hlslc [options] FILE... [-o OUT | -o DIR/] [-j N]
// CHECK: A compile writes DXIL-like LLVM IR
// CHECK: -o OUT
// CHECK: -P
// CHECK: --ast-dump, -ast-dump
// CHECK: -fsyntax-only
// CHECK: -fcgl
// CHECK: -T PROFILE
// CHECK-NEXT: cs_6_0 ... cs_6_10, lib_6_3 ... lib_6_10, lib_6_x
// CHECK: -E ENTRY
// CHECK: -enable-16bit-types
// CHECK: -HV VERSION
// CHECK: -Zpr, -Zpc
// CHECK: --linalg-revision=REV
// CHECK: -D NAME[=VALUE]
// CHECK: -U NAME
// CHECK: -I DIR
// CHECK: -Werror
// CHECK: -w
// CHECK: -fcolor-diagnostics
// CHECK: -fno-color-diagnostics
// CHECK: -fdiagnostics-format=json
// CHECK: -verify
// CHECK: Compatibility
// CHECK: -fvk-* -fspv-*
// CHECK: --version
// CHECK: Exit status: 0 success (warnings allowed), 1 compile errors, 2 bad command
// CHECK-NEXT: line, 3 internal compiler error.
// CHECK-NOT: --debug-crash
