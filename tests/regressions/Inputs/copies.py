"""Writes a library of N exported functions with identical bodies, each
with a barrier under a branch that differs per thread (an error), for the
test of validating copies once (hlslc/validate/parallel.py)."""

import sys

n = int(sys.argv[1])
print("RWByteAddressBuffer B : register(u0);")
for k in range(n):
    print(f"export void f{k}(uint x) {{")
    for i in range(60):
        print(f"  B.Store({4 * i}, x + {i});")
    print("  if (WavePrefixCountBits(true) == 0) {")
    print("    GroupMemoryBarrierWithGroupSync();")
    print("  }")
    print("}")
