// A bad command line is reported as `hlslc: error: ...` plus a hint, on
// stderr, before anything is compiled (exit status 2: see tests/unit/test_cli.py).
// RUN: not %hlslc -fsyntax-onyl %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %hlslc -bogus %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN2
// RUN: not %hlslc %s -T 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %hlslc %s -o 2>&1 | FileCheck %s --check-prefix=MISSING-O
// RUN: not %hlslc -T ps_6_0 %s 2>&1 | FileCheck %s --check-prefix=PROFILE
// RUN: not %hlslc -Tcs_6_70 %s 2>&1 | FileCheck %s --check-prefix=PROFILE2
// RUN: not %hlslc -fdiagnostics-format=xml %s 2>&1 | FileCheck %s --check-prefix=FORMAT
// RUN: not %hlslc -fdiagnostics-format %s 2>&1 | FileCheck %s --check-prefix=FORMAT2
// RUN: not %hlslc -D=1 %s 2>&1 | FileCheck %s --check-prefix=DEFINE
// RUN: not %hlslc -D 1X %s 2>&1 | FileCheck %s --check-prefix=DEFINE2
// RUN: not %hlslc 2>&1 | FileCheck %s --check-prefix=NOINPUT
// RUN: not %hlslc %s %s -o %t 2>&1 | FileCheck %s --check-prefix=TWO-O
// RUN: not %hlslc -P --ast-dump %s 2>&1 | FileCheck %s --check-prefix=P-AST

// UNKNOWN: {{^}}hlslc: error: unknown option '-fsyntax-onyl'; did you mean '-fsyntax-only'?
// UNKNOWN-NEXT: {{^}}hlslc: note: see 'hlslc --help' for the options
// UNKNOWN2: {{^}}hlslc: error: unknown option '-bogus'{{$}}
// MISSING: {{^}}hlslc: error: option '-T' requires a value
// MISSING-O: {{^}}hlslc: error: option '-o' requires a value
// PROFILE: {{^}}hlslc: error: hlslc compiles compute and library shaders; 'ps_6_0' is a pixel shader profile
// PROFILE2: {{^}}hlslc: error: invalid profile 'cs_6_70'; valid profiles:
// FORMAT: {{^}}hlslc: error: invalid value 'xml' for '-fdiagnostics-format'; expected 'text', 'json' or 'sarif'
// FORMAT2: {{^}}hlslc: error: option '-fdiagnostics-format' requires a value ('-fdiagnostics-format=VALUE')
// DEFINE: {{^}}hlslc: error: macro name missing in '-D=1'
// DEFINE2: {{^}}hlslc: error: '1X' is not a valid macro name (in '-D1X')
// NOINPUT: {{^}}hlslc: error: no input files
// TWO-O: {{^}}hlslc: error: cannot use '-o FILE' with more than one input file; '-o DIR/' writes one output per input
// P-AST: {{^}}hlslc: error: '-P' and '--ast-dump' cannot be used together
