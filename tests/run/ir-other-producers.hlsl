// hlslc run on IR another producer might write (tests/run/Inputs/*.ll):
// a DXC-style rotated loop whose phis take back-edge values that do not
// exist the first time, with a break and a wave operation in the body (the
// threads still in the loop in each iteration: 24, 16, 8); and a cycle with
// two entries (irreducible: no structure to find), which runs with the
// immediate post-dominators as merge points, all 32 threads together after it.
// RUN: %hlslc run %S/Inputs/rotated-loop.ll --pipeline %S/Inputs/out32.yaml | FileCheck %s --check-prefix=ROTATED
// ROTATED: Data: [ 32, 2432, 4032, 4832, 32, 2432, 4032, 4832,
// RUN: %hlslc run %S/Inputs/irreducible.ll --pipeline %S/Inputs/out32.yaml | FileCheck %s --check-prefix=IRREDUCIBLE
// IRREDUCIBLE: Data: [ 3232, 3332, 3232, 3332,
