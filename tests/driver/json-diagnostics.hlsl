// -fdiagnostics-format=json: one JSON object per diagnostic per line on
// stderr, no summary line.  (tests/unit/test_cli.py parses them.)
// RUN: not %hlslc -fsyntax-only -fdiagnostics-format=json %s 2>&1 | FileCheck %s --implicit-check-not=generated
// RUN: not %hlslc -fsyntax-only -fdiagnostics-format=text -w %s 2>&1 | FileCheck %s --check-prefix=TEXT

#define TWICE 1
#define TWICE 2
#error stop here

// CHECK: {{^}}{"file": "{{.*}}json-diagnostics.hlsl", "line": [[@LINE-3]], "column": {{[0-9]+}}, "end": {{[{].*[}]}}, "severity": "warning", "id": {{.*}}, "message": "{{.*}}redefined{{.*}}", "notes": [{{.*}}]}{{$}}
// CHECK-NEXT: {{^}}{"file": "{{.*}}json-diagnostics.hlsl", "line": [[@LINE-3]], {{.*}}"severity": "error"{{.*}}stop here
// TEXT: error: {{.*}}stop here
// TEXT: 1 error generated.

// The default profile is cs_6_10, whose entry point is main.
[numthreads(1, 1, 1)]
void main() {}
