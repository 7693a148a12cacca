// hlslc run on IR that cannot run says what and where, with exit status 1,
// never an internal error (found by mutating modules): a branch to a block
// the function lacks, an instruction with nothing after '='.
// RUN: not %hlslc run %S/Inputs/branch-to-nowhere.ll --pipeline %S/linalg-matvec.yaml 2>&1 | FileCheck %s
// CHECK: branch-to-nowhere.ll: error: a branch to the block 'nowhere', which the function does not have
// RUN: not %hlslc run %S/Inputs/empty-assignment.ll --pipeline %S/linalg-matvec.yaml 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: error: cannot read the module: line {{[0-9]+}}: %x is assigned no instruction

[numthreads(1, 1, 1)]
void main() {}
