// Several input files are compiled one after the other; outputs follow each
// other on stdout and the exit status is the worst of them.
// RUN: %hlslc -P %s %S/Inputs/second-input.hlsl | FileCheck %s
// RUN: not %hlslc -P %S/Inputs/does-not-exist.hlsl %s 2>&1 | FileCheck %s --check-prefix=ONE-BAD

first_input_token

// CHECK: first_input_token
// CHECK: second_input_token

// ONE-BAD: does-not-exist.hlsl: error: cannot read input
// ONE-BAD: first_input_token
