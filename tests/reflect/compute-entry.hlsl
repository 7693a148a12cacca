// --reflect: the entry point with its thread-group size and wave size: one
// value (SM 6.6), a range, a range with a preferred size (SM 6.8).
// RUN: %hlslc %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json --check-prefix=RANGE
// RUN: %hlslc -T cs_6_6 -DSINGLE %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json --check-prefix=SINGLE
// RUN: %hlslc -T cs_6_8 -DNONE -E compute %s -o %t.ll --reflect %t.json
// RUN: FileCheck %s --input-file=%t.json --check-prefix=NONE

#define GROUP_X 8
static const uint GroupY = 4;

RWByteAddressBuffer Out;

#if defined(SINGLE)
[WaveSize(32)]
#elif !defined(NONE)
[WaveSize(16, 64, 32)]
#endif
[numthreads(GROUP_X, GroupY * 2, 1)]
#ifdef NONE
void compute(uint3 id : SV_DispatchThreadID)
#else
void main(uint3 id : SV_DispatchThreadID)
#endif
{
  Out.Store(id.x * 4, WaveGetLaneCount());
}

// RANGE:      "profile": "cs_6_10",
// RANGE-NEXT: "shader_model": "6.10",
// RANGE-NEXT: "entry_points": [
// RANGE-NEXT:   {
// RANGE-NEXT:     "name": "main",
// RANGE-NEXT:     "stage": "compute",
// RANGE-NEXT:     "numthreads": [8, 8, 1],
// RANGE-NEXT:     "threads_per_group": 64,
// RANGE-NEXT:     "wave_size": {
// RANGE-NEXT:       "min": 16,
// RANGE-NEXT:       "max": 64,
// RANGE-NEXT:       "preferred": 32
// RANGE-NEXT:     }
// RANGE-NEXT:   }
// RANGE-NEXT: ],

// SINGLE:      "profile": "cs_6_6",
// SINGLE:      "wave_size": {
// SINGLE-NEXT:   "min": 32,
// SINGLE-NEXT:   "max": 32,
// SINGLE-NEXT:   "preferred": null
// SINGLE-NEXT: }

// NONE:      "name": "compute",
// NONE-NEXT: "stage": "compute",
// NONE-NEXT: "numthreads": [8, 8, 1],
// NONE-NEXT: "threads_per_group": 64,
// NONE-NEXT: "wave_size": null
