// --time-report prints the seconds of each stage of each compile on stderr
// (like clang's -ftime-report), then its CPU seconds, with what the header cache did, and a batch
// line when there are several inputs; with -fdiagnostics-format=json it is
// a JSON line.  The figures are not checked, only their shape.
// RUN: %hlslc --time-report --header-cache=off -fsyntax-only %S/Inputs/batch/first.hlsl 2>&1 | FileCheck %s
// RUN: %hlslc -ftime-report --header-cache=memory %S/Inputs/batch/first.hlsl %S/Inputs/batch/second.hlsl -o %t/ 2>&1 | FileCheck %s --check-prefix=BATCH
// RUN: %hlslc --time-report -fdiagnostics-format=json -Vd %S/Inputs/batch/second.hlsl -o %t.ll 2>&1 | FileCheck %s --check-prefix=JSON

// CHECK: {{^}}hlslc: time report for {{.*}}first.hlsl (header cache: off)
// CHECK-NEXT: {{^}} stage seconds share cpu s share{{$}}
// CHECK-NEXT: {{^}} preprocess {{[0-9]+\.[0-9]{4}}} {{[0-9.]+}}% {{[0-9]+\.[0-9]{4}}} {{[0-9.]+}}%{{$}}
// CHECK-NEXT: {{^}} parse {{[0-9]+\.[0-9]{4}}} {{[0-9.]+}}% {{[0-9]+\.[0-9]{4}}} {{[0-9.]+}}%{{$}}
// CHECK-NEXT: {{^}} sema {{[0-9]+\.[0-9]{4}}} {{[0-9.]+}}% {{[0-9]+\.[0-9]{4}}} {{[0-9.]+}}%{{$}}
// CHECK-NEXT: {{^}} total {{[0-9]+\.[0-9]{4}}} 100.0% {{[0-9]+\.[0-9]{4}}} 100.0%{{$}}

// BATCH: time report for {{.*}}first.hlsl (header cache: {{miss \(stored\)|hit \(memory\)}})
// BATCH: {{^}} lower
// BATCH: {{^}} validate
// BATCH-NEXT: {{^}} printing {{[0-9]+\.[0-9]{4}}} {{[0-9.]+}}% {{[0-9]+\.[0-9]{4}}} {{[0-9.]+}}% (of validate: the IR written){{$}}
// BATCH: {{^}} output
// BATCH: time report for {{.*}}second.hlsl (header cache: not used)
// BATCH: {{^}}hlslc: time report for 2 files with 1 process: {{[0-9.]+}} s wall, {{[0-9.]+}} files/s; seconds per stage over all files: preprocess {{[0-9.]+}}, parse {{[0-9.]+}}, sema {{[0-9.]+}}, lower {{[0-9.]+}}, validate {{[0-9.]+}}, output {{[0-9.]+}}

// JSON: {"time_report": {"file": "{{.*}}second.hlsl", "header_cache": "not used", "stages": {"preprocess": {{[0-9.e-]+}}, "parse": {{[0-9.e-]+}}, "sema": {{[0-9.e-]+}}, "lower": {{[0-9.e-]+}}, "output": {{[0-9.e-]+}}}, "total": {{[0-9.e-]+}}, "cpu": {"preprocess": {{[0-9.e-]+}}, "parse": {{[0-9.e-]+}}, "sema": {{[0-9.e-]+}}, "lower": {{[0-9.e-]+}}, "output": {{[0-9.e-]+}}}, "cpu_total": {{[0-9.e-]+}}}}
