// hlslc run: the threads of an if or a switch meet at its end, on both
// engines, where a path inside it goes around that end (a case's `break`
// past the blocks inside the default it falls into, an inlined helper's
// `return` to the helper's exit block): dxil.cfg.structure took a later
// block (the helper's exit, a block inside the default) for the merge
// (random programs 3125, 3316, 4737, 5347, 6880, 9868 differed, on both
// engines).  And a branch with a loop on one side still has a block where
// all of its threads pass (the helper's exit, where its `return` waits;
// the loop's back edge was taken for an end).  One wave of 8 threads;
// expected values worked out by hand: (1) threads 1, 3, 5, 7 (h = 7) and
// 0 meet after the if: 0 is the first; (2) threads 0 (falling through
// from case 0), 1, 2, 3, 5, 6, 7 run the default together (r += 70), all
// but 7 (returned) meet after the switch (7000); (3) thread 3 returns 100,
// the 7 others meet at the helper's end after the loop in its else.
// RUN: %hlslc run %s --pipeline %S/reconvergence-merges.yaml | FileCheck %s
// RUN: %hlslc run %s --pipeline %S/reconvergence-merges.yaml --engine interp | FileCheck %s
// CHECK: Merges: pass

RWStructuredBuffer<uint> Out : register(u0);

uint firstAfterIf(uint a) {
  uint h = a;
  if (a & 1) {
    h = 7;
  } else {
    if (a & 2)
      return 100;
    if (a & 4)
      return 200;
  }
  if (h != 3)
    h = WaveIsFirstLane();
  return h;
}

uint countAfterIf(uint a) {
  if (a & 1) {
    if (a == 3)
      return 100;
  } else {
    uint k = 0;
    do {
      k++;
    } while (k < (a & 3));
  }
  return WaveActiveCountBits(true);
}

[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  Out[gi] = firstAfterIf(gi);
  Out[16 + gi] = countAfterIf(gi);
  uint r = 0;
  switch (gi & 3) {
  case 0:
    if (gi == 4)
      break;
  case 1:
    r = 1;
  default:
    r += WaveActiveCountBits(true) * 10;
    if (gi == 7)
      return;
    break;
  }
  Out[8 + gi] = r + WaveActiveCountBits(true) * 1000;
}
