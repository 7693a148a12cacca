// Helpers that return from inside a switch nested in an if (or from an if
// that follows such a switch), inlined into loops.  In SPIR-V each such
// return leaves several constructs at once: it goes out one construct at
// a time, through a selector dispatch at the merge of each selection it
// leaves, and a switch merges inside the selection around it.  Before,
// these shapes (random programs 1205 and 1238, reduced) had no SPIR-V
// form.  Expected values computed from the helpers below by hand-written
// arithmetic (see the yaml file).
// RUN: %hlslc run %s --pipeline %S/return-from-switch-inside-if.yaml | FileCheck %s
// CHECK: Results: pass
// RUN: %hlslc -T cs_6_6 -spirv %s -o %t.spv && %spirv-val --target-env vulkan1.3 %t.spv

RWStructuredBuffer<uint> Out : register(u0);

// An if that returns from inside, then a switch whose case returns from
// inside an if.
uint escapeFromSwitch(uint a, uint b) {
  if ((a & 4u) != 0) {
    if ((b & 2u) != 0)
      return 1;
  }
  switch (b & 3u) {
  case 0:
    if ((a & 1u) != 0)
      return 2;
  }
  return 3 + a;
}

// A return from a case of a switch inside an if.
uint returnFromSwitchInIf(uint a, uint b) {
  if ((a & 1u) != 0) {
    if ((b & 1u) != 0)
      return b;
  }
  if ((a & 2u) != 0) {
    switch (b & 3u) {
    case 0:
      if ((a & 4u) != 0)
        b += 10;
      return 7 + b;
    }
  }
  return 5;
}

// A return from an if that follows a switch, inside an if.
uint returnAfterSwitchInIf(uint a, uint b) {
  if ((a & 1u) != 0) {
    if ((b & 1u) != 0)
      return b;
  }
  if ((a & 2u) != 0) {
    switch (b & 3u) {
    case 1:
      b += 20;
      break;
    }
    if ((b & 8u) != 0)
      return (a & 4u) != 0 ? 9 : 11;
  }
  return 5;
}

[numthreads(32, 1, 1)]
void main(uint i : SV_GroupIndex) {
  uint x = 0, y = 0, z = 0;
  for (uint k = 0; k < (i & 3u) + 1; k++) {
    x += escapeFromSwitch(i + k, i * 3 + k);
    for (uint m = 0; m < (i & 1u); m++)
      x += 100;
  }
  uint k0 = 0;
  while (k0 < (i & 3u) + 1) {
    y += returnFromSwitchInIf(i ^ k0, i + k0);
    if ((y & 8u) != 0)
      y += 1000;
    k0++;
  }
  do {
    z += returnAfterSwitchInIf(i, i * 5 + k0);
    k0--;
  } while (k0 > 2);
  Out[i] = x;
  Out[32 + i] = y;
  Out[64 + i] = z;
}
