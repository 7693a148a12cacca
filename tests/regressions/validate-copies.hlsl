// A large library is printed and validated in two processes, and a body
// identical to an earlier one but for its name is validated once
// (hlslc/validate/parallel.py): 8 copies cost about one.  When a part has
// findings it is validated again whole, so every copy's finding is reported
// at its own line (a -Wuniformity warning, an error with -Werror=uniformity).
// RUN: %python %S/Inputs/copies.py 40 > %t.hlsl
// RUN: not %hlslc-subprocess -T lib_6_8 -Werror=uniformity %t.hlsl -o %t.ll 2> %t.err
// RUN: FileCheck %s --input-file=%t.err
// CHECK: .hlsl:64:5: error: this thread-group barrier (SyncThreadGroup) may not be reached by every thread of the group: it is under a branch whose condition may differ between threads [-Wuniformity]
// CHECK: .hlsl:129:5: error:
// CHECK: .hlsl:2599:5: error:
// CHECK: 40 errors generated.

[numthreads(1, 1, 1)]
void main() {}
