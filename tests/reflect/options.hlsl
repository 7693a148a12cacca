// --reflect FILE and --reflect DIR/ (one NAME.json per input, also with -j),
// and what cannot be combined with it.  A failed compile writes no
// reflection.
// RUN: rm -rf %t.dir
// RUN: %hlslc %s %S/Inputs/second.hlsl -o %t.dir/ --reflect %t.dir/json/
// RUN: FileCheck %s --input-file=%t.dir/json/options.json --check-prefix=FIRST
// RUN: FileCheck %s --input-file=%t.dir/json/second.json --check-prefix=SECOND
// RUN: rm -rf %t.dir
// RUN: %hlslc -j 2 %s %S/Inputs/second.hlsl -o %t.dir/ --reflect %t.dir/
// RUN: FileCheck %s --input-file=%t.dir/second.json --check-prefix=SECOND
// FIRST: "source": "{{.*}}options.hlsl",
// FIRST: "name": "Data",
// SECOND: "source": "{{.*}}second.hlsl",
// SECOND: "register": "u3",

// RUN: not %hlslc -fsyntax-only %s --reflect %t.json 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: hlslc: error: '--reflect' needs the lowered shader (registers and layouts are assigned when it is lowered); it cannot be used with -fsyntax-only, -P or --ast-dump
// RUN: not %hlslc %s %S/Inputs/second.hlsl -o %t.dir/ --reflect %t.json 2>&1 | FileCheck %s --check-prefix=MANY
// MANY: hlslc: error: cannot use '--reflect FILE' with more than one input file; '--reflect DIR/' writes DIR/NAME.json per input
// RUN: not %hlslc %s %S/Inputs/../options.hlsl -o %t.dir/ --reflect %t.dir/ 2>&1 | FileCheck %s --check-prefix=CLASH
// CLASH: hlslc: error: inputs '{{.*}}options.hlsl' and '{{.*}}options.hlsl' would both write '{{.*}}options.json'
// RUN: not %hlslc %s --reflect 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: hlslc: error: option '--reflect' requires a value

// RUN: rm -f %t.failed.json
// RUN: not %hlslc -DBROKEN %s -o %t.ll --reflect %t.failed.json
// RUN: not cat %t.failed.json

// The reflection is written with -verify too (the compile runs to the end).
// RUN: %hlslc -verify %s --reflect %t.verify.json
// RUN: FileCheck %s --input-file=%t.verify.json --check-prefix=FIRST

// expected-no-diagnostics
RWStructuredBuffer<uint> Data;

[numthreads(1, 1, 1)]
void main() {
#ifdef BROKEN
  undeclared = 1;
#endif
  Data[0] = 1;
}
