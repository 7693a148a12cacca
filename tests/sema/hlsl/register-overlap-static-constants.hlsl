// Each pass of an engine (D3D12_Research's DEFINE_CONSTANTS) binds its
// parameters on the same register and reads them into a `static const`:
// the initializer of a static global the entry point does not use uses
// nothing, so only the passes' own buffers count for the overlap check, as
// after DXC removes the unused globals.  An entry that reads both still
// gets the error.
// RUN: %hlslc -T cs_6_6 -E Prepare %s | FileCheck %s --check-prefix=PREPARE
// RUN: %hlslc -T cs_6_6 -E Reduce %s | FileCheck %s --check-prefix=REDUCE
// RUN: %hlslc -T cs_6_6 -E Both -verify %s

#define DEFINE_CONSTANTS(name, slot) \
  StructuredBuffer<name> t##name : register(t##slot, space100); \
  static const name c##name = t##name[0]

struct PrepareParams { uint Count; };
struct ReduceParams { uint Levels; };
DEFINE_CONSTANTS(PrepareParams, 0);
DEFINE_CONSTANTS(ReduceParams, 0); // expected-error {{register t0 (space 100) of 'tReduceParams' overlaps 'tPrepareParams'}}
static const uint Total = cReduceParams.Levels * 2;     // through another static global

RWStructuredBuffer<uint> Out : register(u0);

// PREPARE: !"tPrepareParams"
// PREPARE-NOT: !"tReduceParams"
[numthreads(1, 1, 1)] void Prepare() { Out[0] = cPrepareParams.Count; }

// REDUCE: !"tReduceParams"
// REDUCE-NOT: !"tPrepareParams"
[numthreads(1, 1, 1)] void Reduce() { Out[0] = Total; }

[numthreads(1, 1, 1)] void Both() { Out[0] = Total + cPrepareParams.Count; }
