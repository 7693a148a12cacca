// hlslc run: a `continue` inside a switch inside a do-while whose
// condition has a ternary: the threads that continue wait at the loop's
// step, and the others meet after the switch.  dxil.cfg.structure took
// the ternary's join in the condition for the end of the iteration, so the
// step was not a place to wait at and the switch's end not its merge: the
// wave operation after the switch ran apart for each case (random program
// 4945 differed, on both engines).  One wave of 8 threads; the expected
// values are those of a loop run by hand (each iteration: r += 1000 in
// case 2, then r = r * 16 + the number of threads that did not continue;
// thread 4 always continues; threads with an odd In run 2 iterations, the
// others 3).
// RUN: %hlslc run %s --pipeline %S/reconvergence-do-while-continue.yaml | FileCheck %s
// RUN: %hlslc run %s --pipeline %S/reconvergence-do-while-continue.yaml --engine interp | FileCheck %s
// CHECK: Continued: pass

RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> In : register(t0);

[numthreads(8, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  uint k = 0;
  uint r = 0;
  do {
    k++;
    switch (gi & 3) {
    case 0:
      if (gi == 4)
        continue;
    case 1:
      break;
    case 2:
      r += 1000;
      break;
    }
    r = r * 16 + WaveActiveCountBits(true);
  } while (k < ((In[gi] & 1) ? 2u : 3u));
  Out[gi] = r;
}
