// An #include whose path differs from the file's only in case is found, as
// on the Windows file systems DXC projects are written on ("Ray Sorting/"
// for a folder "Ray sorting"), with clang's -Wnonportable-include-path
// warning; a path that does not match even so is still not found.
// RUN: %hlslc -fsyntax-only %s 2>&1 | FileCheck %s
// CHECK: include-case.hlsl:[[@LINE+2]]:10: warning: non-portable path to file 'Inputs/confine/inc/sub/ok.hlsli'; specified path differs in case from file name on disk
// CHECK: 1 warning generated.
#include "Inputs\Confine\INC\sub\OK.hlsli"
// RUN: not %hlslc -fsyntax-only -DMISSING %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: 'Inputs/Confine/nothing.hlsli' file not found
#ifdef MISSING
#include "Inputs/Confine/nothing.hlsli"
#endif

RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = FromInc; }
