// hlslc run: threads reconverge as GPUs reconverge structured code (and
// SPIR-V's maximal reconvergence says): threads that leave a construct
// early (return, break, continue) do not split the ones that stay, which
// meet again at the end of the construct, not at the function's end; a
// wave operation after the construct sees all of them.  Expected values
// worked out by hand (see each case); one group of 32 threads, a wave of 32.
// GPU: the H100 (NVIDIA's Vulkan driver, with or without -fspv-enable-maximal-reconvergence) runs a switch case's threads and those that fall through into it apart (8 and 8, not 16 in row 5); every other row matches
// RUN: %hlslc run %s --pipeline %S/reconvergence.yaml | FileCheck %s
// CHECK: Reconverged: pass
// The same with a return inside a loop at the end of the entry.
// RUN: %hlslc run %s --pipeline %S/reconvergence-loop-return.yaml -D LOOP_RETURN | FileCheck %s --check-prefix=LOOP
// LOOP: Reconverged: pass

RWStructuredBuffer<uint> Out : register(u0);

// if/else: each side counts its own threads; after it, all 32 again.
void ifElse(uint gi) {
  uint x;
  if (gi & 1) {
    x = 1;
    Out[0 * 32 + gi] = WaveActiveCountBits(true);         // 16
  } else {
    x = 2;
    Out[0 * 32 + gi] = 100 + WaveActiveCountBits(true);   // 116
  }
  Out[1 * 32 + gi] = WaveActiveSum(x);                    // 48
}

// break: iteration i counts the threads with (gi & 3) > i; after the loop, 32.
void loopBreak(uint gi) {
  uint cnt = 0;
  for (uint i = 0; i < 4; i++) {
    if (i == (gi & 3))
      break;
    cnt += WaveActiveCountBits(true);
  }
  Out[2 * 32 + gi] = cnt * 100 + WaveActiveCountBits(true);
}

// continue from a nested if: the 8 threads that continue in an iteration do
// not split the other 24, which count each other after the if.
void loopContinue(uint gi) {
  uint cnt = 0;
  for (uint i = 0; i < 4; i++) {
    if ((gi >> i) & 1) {
      if (gi & 16)
        continue;
    }
    cnt += WaveActiveCountBits(true);
  }
  Out[3 * 32 + gi] = cnt;
}

// switch: a break inside a case, a case falling through into the next
// (whose threads join it), all 32 after the switch.
void switchCases(uint gi) {
  uint v = 0;
  switch (gi & 3) {
  case 0:
    if (gi & 4)
      break;
    v = 1;
    break;
  case 1:
    v = 2;
    Out[4 * 32 + gi] = WaveActiveCountBits(true);          // 8
  case 2:
    v += 3;
    Out[5 * 32 + gi] = WaveActiveCountBits(true);          // 16
    break;
  default:
    v = 4;
    break;
  }
  Out[6 * 32 + gi] = WaveActiveCountBits(true) * 1000 + WaveActiveSum(v);   // 32100
}

// break out of an inner loop: the outer loop's threads are all there.
void nestedLoops(uint gi) {
  uint cnt = 0;
  for (uint j = 0; j < 2; j++) {
    for (uint i = 0; i < 4; i++) {
      if (i == (gi & 3))
        break;
    }
    cnt += WaveActiveCountBits(true);
  }
  Out[7 * 32 + gi] = cnt;                                   // 64
}

// returns of (inlined) helpers: inside a loop, and nested in ifs.
uint firstMatch(uint gi) {
  for (uint i = 0; i < 4; i++) {
    if (i == (gi & 3))
      return i;
  }
  return 9;
}

uint nestedReturn(uint gi) {
  if (gi < 16) {
    if (gi == 0)
      return 5;
  }
  return WaveActiveCountBits(true);                         // 31
}

[numthreads(32, 1, 1)]
void main(uint gi : SV_GroupIndex) {
  ifElse(gi);
  loopBreak(gi);
  loopContinue(gi);
  switchCases(gi);
  nestedLoops(gi);
  Out[8 * 32 + gi] = firstMatch(gi) * 100 + WaveActiveCountBits(true) + 1000 * nestedReturn(gi);
#ifndef LOOP_RETURN
  // The issue's example: 31 threads after the if, not 15 and 16.
  if (gi < 16) {
    if (gi == 0)
      return;
  }
  Out[9 * 32 + gi] = WaveActiveCountBits(true);
#else
  for (uint r = 0; r < 4; r++) {
    if (gi == r * 3)
      return;
    Out[10 * 32 + gi] += WaveActiveCountBits(true);       // 31, 30, 29, 28
  }
  Out[9 * 32 + gi] = WaveActiveCountBits(true);           // 28
#endif
}
