// -fdiagnostics-format=sarif writes one SARIF 2.1.0 log on stderr (the IR,
// when there is some, on stdout).  test_sarif.py validates logs against the
// schema; this file checks the text a reader sees.
// RUN: not %hlslc -T lib_6_10 -fsyntax-only -fdiagnostics-format=sarif %s 2>&1 | FileCheck %s
// RUN: not %hlslc -T lib_6_10 -fsyntax-only -fdiagnostics-format=sarif -fdiagnostics-output=%t %s
// RUN: FileCheck %s --input-file=%t
// RUN: %hlslc -T lib_6_10 -fdiagnostics-format=sarif -DCLEAN %s 2>&1 | FileCheck %s --check-prefix=CLEAN

// CHECK: "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
// CHECK-NEXT: "version": "2.1.0",
// CHECK: "name": "hlslc",
// CHECK: "id": "LINALG-LAYOUT-SCOPE",
// CHECK: "id": "WAVEMATRIX-OPERAND-VALUE",
// CHECK: "executionSuccessful": true,
// CHECK-NEXT: "exitCode": 1
// CHECK: "columnKind": "utf16CodeUnits",
// CHECK-NEXT: "results": [

#include <dx/linalg.h>
using namespace dx::linalg;
using ThreadB = Matrix<MatrixComponentType::F16, 16, 16, MatrixUse::B, MatrixScope::Thread>;
ByteAddressBuffer Weights;

#define ONE 1
#ifndef CLEAN
#define ONE 2
// CHECK: "level": "warning",
// CHECK-NEXT: "message": {
// CHECK-NEXT: "text": "'ONE' macro redefined"
// CHECK: "uri": "diagnostics.hlsl",
// CHECK-NEXT: "uriBaseId": "%SRCROOT%"
// CHECK: "startLine": [[@LINE-6]],
// CHECK-NEXT: "startColumn": 9,
// CHECK-NEXT: "endLine": [[@LINE-8]],
// CHECK-NEXT: "endColumn": 12
// CHECK: "relatedLocations": [
// CHECK: "startLine": [[@LINE-13]],
// CHECK: "text": "previous definition is here"

void f() {
  ThreadB b = ThreadB::Load(Weights, 0, 64, MatrixLayout::MulOptimal);
  // CHECK: "ruleId": "LINALG-STRIDE-OPAQUE",
  // CHECK-NEXT: "ruleIndex": 3,
  // CHECK-NEXT: "level": "error",
  // CHECK: "startLine": [[@LINE-4]],
  // CHECK-NEXT: "startColumn": 41,
}

int g() { return missing; }
// CHECK: "level": "error",
// CHECK-NEXT: "message": {
// CHECK-NEXT: "text": "use of undeclared identifier 'missing'"
// CHECK: "startLine": [[@LINE-4]],
#endif

// CLEAN: "exitCode": 0
// CLEAN: "results": []
// CLEAN-NOT: "level"
