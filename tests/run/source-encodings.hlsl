// Headers that are not UTF-8 are read as DXC reads them: a byte-order mark
// names the encoding (UTF-8, UTF-16, UTF-32), and a file without one that
// is not valid UTF-8 is in the Windows code page, Windows-1252 (FidelityFX
// CACAO's defines have a Latin-1 byte in a comment).  The table in it is
// flat, as HLSL allows: twelve scalars make three float4s.
// RUN: %hlslc run %s --pipeline %S/source-encodings.yaml | FileCheck %s
// CHECK: Pattern: pass

#include "Inputs/cp1252-header.h"
#include "Inputs/utf16-header.h"

RWStructuredBuffer<float4> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
  Out[i] = i < PatternCount ? SamplePattern[i] : float4(PatternCount, 0, 0, 0);
}
