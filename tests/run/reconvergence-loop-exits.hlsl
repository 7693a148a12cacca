// hlslc run: threads that leave a loop at different iterations meet again
// after it (structured reconvergence), on both engines, where a `return`
// inside the loop made dxil.cfg.structure take the wrong exit for the
// loop's own: (1) an inlined helper's do-while with a `return` inside: the
// code after the loop (the helper's last statement) ran once per
// iteration's leavers, and its `return`s must wait at the helper's exit
// for the loop's other threads (`Loop.after`); (2) a do-while whose body
// starts with a `return`: the header's branch to the return was taken for
// the loop's test; (3) a while loop whose condition has a ternary (its
// test is in the block after the ternary, not in the header): the return
// was taken for the exit.  Random programs 1809, 5962, 7954 (the JIT) and
// 3733 (both engines) differed there.  One wave of 8 threads; expected
// values worked out by hand: (1) thread 5 returns 100, the other 7 count
// 7; (2) thread 7 returns, the 7 others count 7 (x100) and read thread 0;
// (3) threads 0-6 enter, thread 3 returns, 6 count.
// RUN: %hlslc run %s --pipeline %S/reconvergence-loop-exits.yaml | FileCheck %s
// RUN: %hlslc run %s --pipeline %S/reconvergence-loop-exits.yaml --engine interp | FileCheck %s
// CHECK: Exits: pass

RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> In : register(t0);

uint afterLoop(uint gi) {
  uint k = 0;
  do {
    k++;
    if (gi == 5)
      return 100;
  } while (k < (gi & 3));
  return WaveActiveCountBits(true);
}

[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  Out[gi] = afterLoop(gi);
  uint k = 0;
  do {
    k++;
    if (gi == 7)
      return;
  } while (k < (gi & 3));
  Out[8 + gi] = WaveActiveCountBits(true) * 100 + WaveReadLaneFirst(gi);
  k = 0;
  while (k < (((In[gi] & 1) ? gi : 3u) & 3u)) {
    k++;
    if (gi == 3)
      return;
  }
  Out[16 + gi] = WaveActiveCountBits(true) * 100 + WaveReadLaneFirst(gi);
}
