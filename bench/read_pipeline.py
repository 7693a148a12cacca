#!/usr/bin/env python3
"""How fast `hlslc run` reads a pipeline file with many values: the time of
`load_pipeline` on saxpy-like pipelines (two Float32 inputs of N values in
decimal, a Hex32 one in hex, an output of FillSize), N = 131,072 and
4,194,304 by default, median of --repeat reads.

    python bench/read_pipeline.py [--sizes 131072,4194304] [--repeat 3] [--root CHECKOUT]

--root reads with the hlslc of another checkout (to compare before and
after a change); the files are the same for both (seeded).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time


def write_pipeline(path: str, n: int) -> None:
    import numpy as np

    rng = np.random.default_rng(7)
    xs = rng.standard_normal(n).astype(np.float32)
    ys = rng.standard_normal(n).astype(np.float32)
    bits = rng.integers(0, 1 << 32, n, dtype=np.uint64)
    with open(path, "w", encoding="utf-8") as f:
        f.write("---\nShaders:\n  - Stage: Compute\n    Entry: main\nDispatchParameters:\n"
                f"  DispatchGroupCount: [{max(1, n // 256)}, 1, 1]\nBuffers:\n")
        for name, values in (("X", xs), ("Y", ys)):
            f.write(f"  - Name: {name}\n    Format: Float32\n    Stride: 4\n    Data: [ ")
            f.write(", ".join(repr(float(v)) for v in values))
            f.write(" ]\n")
        f.write("  - Name: Bits\n    Format: Hex32\n    Stride: 4\n    Data: [ ")
        f.write(", ".join(f"0x{int(v):X}" for v in bits))
        f.write(" ]\n")
        f.write(f"  - Name: Out\n    Format: Float32\n    Stride: 4\n    FillSize: {4 * n}\n")
        f.write("DescriptorSets:\n  - Resources:\n")
        for k, name in enumerate(("X", "Y", "Bits")):
            f.write(f"    - Name: {name}\n      Kind: StructuredBuffer\n"
                    f"      DirectXBinding: {{ Register: {k}, Space: 0 }}\n")
        f.write("    - Name: Out\n      Kind: RWStructuredBuffer\n      DirectXBinding: { Register: 0, Space: 0 }\n")
        f.write("...\n")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="131072,4194304")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = parser.parse_args()
    sys.path.insert(0, args.root)
    from hlslc.runner.pipeline import load_pipeline

    import inspect

    # (a checkout from before --max-memory has no such argument)
    kwargs = {"max_memory": 64 << 30} if "max_memory" in inspect.signature(load_pipeline).parameters else {}
    work = tempfile.mkdtemp(prefix="hlslc-read-")
    print(f"hlslc from {args.root}")
    print(f"{'values':>10} {'file':>10} {'read (median)':>14} {'values/s':>12}")
    for n in (int(x) for x in args.sizes.split(",")):
        path = os.path.join(work, f"pipeline-{n}.yaml")
        write_pipeline(path, n)
        size = os.path.getsize(path)
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            p = load_pipeline(path, **kwargs)
            times.append(time.perf_counter() - start)
        assert len(p.buffers["X"].data) == n and len(p.buffers["Bits"].data) == n
        t = statistics.median(times)
        print(f"{n:>10} {size / 1e6:>8.1f}MB {t:>13.3f}s {3 * n / t:>12,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
