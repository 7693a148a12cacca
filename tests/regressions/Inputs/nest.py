"""Writes a compute shader nested N levels deep, for the nesting-limit tests.

usage: nest.py KIND N
  blocks  N nested '{' blocks inside an exported library function
  parens  an initializer inside N nested parentheses
  ifs     N nested 'if' statements without braces
  sum     one expression of N additions, nested without parentheses
"""

import sys

kind, n = sys.argv[1], int(sys.argv[2])
if kind == "blocks":
    print("RWByteAddressBuffer B : register(u0);")
    print("export void f(uint x) {")
    print("{" * n + "B.Store(0, x);" + "}" * n)
    print("}")
else:
    print("RWByteAddressBuffer B : register(u0);")
    print("[numthreads(1, 1, 1)]")
    print("void main(uint x : SV_GroupIndex) {")
    if kind == "parens":
        print("  uint y = " + "(" * n + "x" + " + 1)" * n + ";")
    elif kind == "sum":
        print("  uint y = x" + " + 1" * n + ";")
    elif kind == "ifs":
        print("  uint y = 0;")
        print("  " + "".join(f"if (x != {i}) " for i in range(n)) + "y = 1;")
    else:
        raise SystemExit(f"unknown kind {kind!r}")
    print("  B.Store(0, y);")
    print("}")
