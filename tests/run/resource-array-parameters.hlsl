// A whole global array of resources passed to a function's array-of-
// resources parameter (`float Sum(StructuredBuffer<uint> T[3], uint i)`),
// as shared helpers take a material's or a scene's texture table: the
// parameter stands for the global array, so an element chosen at run time
// (a per-thread index read from a buffer), a constant element, a copy of
// an element into a local, `GetDimensions` on one, and the parameter
// passed on to a further helper all reach the bound descriptors, as DXC's
// inlining leaves them.  A parameter the function assigns to is a local
// array of the global's handles; a local array of handles passes as well.  Before, a constant index read the wrong value and
// a run-time index was an internal compiler error.
// RUN: %hlslc run %s --pipeline %S/resource-array-parameters.yaml | FileCheck %s
// CHECK: Sums: pass
// RUN: %hlslc -T cs_6_0 %s | FileCheck %s --check-prefix=IR
// IR: %"Tables.{{[0-9]+}}" = call %"dx.types.Handle" @"dx.op.createHandle"(i32 57, i8 0, i32 0, i32 %{{[^,]+}}, i1 0)
// RUN: %hlslc -spirv -T cs_6_0 %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

StructuredBuffer<uint> Tables[3] : register(t0);
StructuredBuffer<uint> Picks : register(t3);
RWStructuredBuffer<uint> Sums : register(u0);

uint Pick(StructuredBuffer<uint> T[3], uint table, uint i) {
  StructuredBuffer<uint> chosen = T[table];
  uint count, stride;
  T[2].GetDimensions(count, stride);
  return chosen[i] + count * 1000;
}

uint Sum(StructuredBuffer<uint> T[3], uint table, uint i) {
  return Pick(T, table, i) + (T)[0][i];
}

// A parameter the function assigns holds its own handles.
uint Swapped(StructuredBuffer<uint> T[3], uint i) {
  T[0] = T[2];
  return T[0][i] + T[2][i];
}

uint Local(StructuredBuffer<uint> T[2], uint which, uint i) { return T[which][i]; }

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupThreadID) {
  StructuredBuffer<uint> pair[2] = { Tables[0], Tables[1] };
  Sums[i] = Sum(Tables, Picks[i], i) + Swapped(Tables, i) * 10000 + Local(pair, i & 1, i) * 1000000;
}
