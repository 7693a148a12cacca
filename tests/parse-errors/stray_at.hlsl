// RUN: not %hlslc -T lib_6_10 -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: {{.*}}stray_at.hlsl:5:6: error: unexpected character '@'
// A stray '@' in a declaration; the next function is still checked.

uint @Id = 0;

uint Next() { return 1; }
