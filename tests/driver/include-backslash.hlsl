// `#include "dir\file.hlsli"`: backslashes separate folders on every
// platform, as DXC reads them on Windows (quoted and angled, through -I and
// from the including file's folder).
// RUN: %hlslc -fsyntax-only %s -I %S/Inputs/confine
// RUN: %hlslc -P %s -I %S/Inputs/confine | FileCheck %s
// CHECK: static const uint FromInc = 7;
// CHECK: static const uint FromInc2 = FromInc + 1;

#include "Inputs\confine\inc\sub\ok.hlsli"
#include <inc\sub\..\sub\ok.hlsli>
static const uint FromInc2 = FromInc + 1;

RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = FromInc2; }
