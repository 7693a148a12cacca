"""hlslc run's two CPU engines on the repository's own pipelines: every
`hlslc run` line of tests/run/*.hlsl (but --check runs, which only the
interpreter does, expected failures and Vulkan) and every sample with a
pipeline (samples/*.hlsl + .yaml), each run with `--engine jit` and
`--engine interp`; the two must print the same buffers and verdicts and
exit alike.

    python bench/compare_engines.py [-v] [NAME-PART ...]

Prints one line per run (SAME or DIFF, the seconds of each engine, and,
where the JIT handed the module to the interpreter, why), then the counts.
Exit status 1 when a run differs.
"""

from __future__ import annotations

import glob
import io
import os
import re
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)


def runs():
    """(name, hlslc run arguments) of each pipeline."""
    for t in sorted(glob.glob(os.path.join(ROOT, "tests", "run", "*.hlsl"))):
        rel = os.path.relpath(t, ROOT)
        for line in open(t, encoding="utf-8").read().splitlines():
            m = re.search(r"RUN: %hlslc run (.*?)(\||$)", line)
            if not m or line.split("RUN:")[1].strip().startswith("not "):
                continue
            args = m.group(1).split(">")[0].replace("%s", rel).replace("%S", os.path.dirname(rel)).split()
            if "--check" in args or "--device" in args:
                continue
            yield rel, args
    for s in sorted(glob.glob(os.path.join(ROOT, "samples", "*.hlsl"))):
        y = s[:-5] + ".yaml"
        if os.path.exists(y):
            rel = os.path.relpath(s, ROOT)
            yield rel, [rel, "--pipeline", os.path.relpath(y, ROOT)]


def main() -> int:
    from hlslc.runner import command

    verbose = "-v" in sys.argv[1:]
    only = [a for a in sys.argv[1:] if a != "-v"]
    os.chdir(ROOT)
    same = differ = fallback = 0
    for name, args in runs():
        if only and not any(o in name for o in only):
            continue
        outs = {}
        for engine in ("jit", "interp"):
            out, err = io.StringIO(), io.StringIO()
            t0 = time.perf_counter()
            rc = command.run(args + ["--engine", engine], out, err)
            outs[engine] = (rc, out.getvalue(), err.getvalue(), time.perf_counter() - t0)
        j, i = outs["jit"], outs["interp"]
        ok = j[0] == i[0] and j[1] == i[1]
        why = ""
        for line in j[2].splitlines():
            if "warning: the JIT does not run" in line:
                why = "interpreter: " + line.split("warning: the JIT does not run", 1)[1].split(";")[0].strip()
                break
        print(f"{'SAME' if ok else 'DIFF'} {' '.join(args)}  jit {j[3]:.2f}s interp {i[3]:.2f}s  {why}".rstrip())
        if ok:
            same += 1
            fallback += bool(why)
            continue
        differ += 1
        print(f"    exit {j[0]} (jit) {i[0]} (interp)")
        for a, b in zip(j[1].splitlines() + j[2].splitlines(), i[1].splitlines() + i[2].splitlines()):
            if a != b:
                print(f"    jit:    {a[:200]}\n    interp: {b[:200]}")
                if not verbose:
                    break
    print(f"{same + differ} runs: {same} the same ({same - fallback} run by the JIT, {fallback} handed to the "
          f"interpreter), {differ} differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
