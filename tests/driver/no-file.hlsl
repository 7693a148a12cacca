// An input that cannot be read is a compile error (exit status 1), named by
// its path.  (A non-UTF-8 file is tested in tests/unit/test_cli.py.)
// RUN: not %hlslc %S/Inputs/does-not-exist.hlsl 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %hlslc %S/Inputs 2>&1 | FileCheck %s --check-prefix=DIR

// MISSING: {{^}}{{.*}}Inputs/does-not-exist.hlsl: error: cannot read input: no such file or directory
// MISSING-NEXT: {{^}}1 error generated.
// DIR: {{^}}{{.*}}Inputs: error: cannot read input: is a directory
