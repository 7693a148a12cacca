#!/usr/bin/env python3
"""Front-end speed of hlslc, next to clang 19 on the same inputs.

Measures, for each input:
  * hlslc in-process: the time of each stage (preprocess, parse, sema; median
    of --repeat runs after one warm-up), and source lines per second through
    all of them, where the lines counted are those of the input plus every
    header it includes;
  * hlslc as a process: wall time of `python -m hlslc -fsyntax-only FILE`
    (start-up included), median of --repeat runs;
  * clang 19, when `clang-19` is on PATH: wall time of its HLSL front-end
    (`-cc1 -x hlsl -std=hlsl202x -fsyntax-only`) on the same input and the
    same dx/linalg.h, median of --repeat runs, and the ratio hlslc / clang.

Both sides run the same job: clang's -fsyntax-only and hlslc's run
preprocessing, parsing and semantic analysis (template instantiation and
constraint checks included).  Nothing here is a test: slow machines pass.

    python bench/parse_bench.py [--repeat N] [--lines N] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, REPO)

# What clang's HLSL front-end lacks without DXC's hlsl.h: the HLSL type names
# the header uses, and the two resource types with the members the corpus
# calls.
CLANG_PRELUDE = """\
typedef unsigned int uint;
typedef unsigned int uint32_t;
typedef int int32_t;
typedef unsigned long uint64_t;
typedef long int64_t;
typedef unsigned short uint16_t;
typedef short int16_t;
typedef half float16_t;
struct ByteAddressBuffer { uint Load(uint offset); };
struct RWByteAddressBuffer { uint Load(uint offset); void Store(uint offset, uint value); };
#define __HLSL_ENABLE_16_BIT 1
// clang 19 deduces `T = groupshared float` for the header's groupshared
// overloads and then fails is_arithmetic; plain globals give it the same
// work without the quirk.
#define groupshared
"""

CLANG_ARGS = ["-cc1", "-triple", "dxil-pc-shadermodel6.8-library", "-x", "hlsl", "-std=hlsl202x",
              "-fnative-half-type", "-fsyntax-only"]


def median_time(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def hlslc_in_process(path: str, repeat: int) -> dict:
    from hlslc.driver import CompileOptions, compile_file

    options = CompileOptions(profile="lib_6_10", emit="nothing")
    result = compile_file(path, options)          # warm-up: grammar tables, imports
    if not result.ok:
        raise SystemExit(f"{path}: hlslc rejected the benchmark input")
    lines = sum(f.text.count("\n") + 1 for f in result.files.values() if not f.path.startswith("<"))
    stage_runs: dict[str, list[float]] = {}
    for _ in range(repeat):
        result = compile_file(path, options)
        for stage, seconds in result.timings.items():
            stage_runs.setdefault(stage, []).append(seconds)
    stages = {stage: statistics.median(runs) for stage, runs in stage_runs.items()}
    return {"lines": lines, "stages": stages, "total": sum(stages.values())}


def hlslc_process(path: str, repeat: int) -> float:
    cmd = [sys.executable, "-m", "hlslc", "-T", "lib_6_10", "-fsyntax-only", path]
    env = dict(os.environ, PYTHONPATH=REPO)
    return median_time(lambda: subprocess.run(cmd, check=True, env=env, capture_output=True), repeat)


def clang_process(path: str, repeat: int, workdir: str) -> float | None:
    clang = shutil.which("clang-19")
    if clang is None:
        return None
    wrapper = os.path.join(workdir, "clang-" + os.path.basename(path))
    with open(wrapper, "w", encoding="utf-8") as f:
        f.write(CLANG_PRELUDE)
        f.write(f'#include "{os.path.abspath(path)}"\n')
    include = os.path.join(REPO, "hlslc", "include")
    cmd = [clang, *CLANG_ARGS, "-I", include, wrapper]
    probe = subprocess.run(cmd, capture_output=True, text=True)
    if probe.returncode != 0:
        print(f"  clang-19 rejected {path}:\n{probe.stderr[:2000]}", file=sys.stderr)
        return None
    return median_time(lambda: subprocess.run(cmd, check=True, capture_output=True), repeat)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (median reported)")
    parser.add_argument("--lines", type=int, default=10_000, help="size of the generated large file")
    parser.add_argument("--keep", metavar="DIR", help="write the inputs here instead of a temp dir")
    args = parser.parse_args(argv)

    workdir = args.keep or tempfile.mkdtemp(prefix="hlslc-bench-")
    os.makedirs(workdir, exist_ok=True)
    header_only = os.path.join(workdir, "header_only.hlsl")
    with open(header_only, "w", encoding="utf-8") as f:
        f.write("#include <dx/linalg.h>\n")
    large = os.path.join(workdir, "large.hlsl")
    subprocess.run([sys.executable, os.path.join(HERE, "gen_corpus.py"), "large", "--lines", str(args.lines),
                    "--out", large], check=True, capture_output=True)

    print(f"hlslc front-end benchmark (median of {args.repeat}; inputs in {workdir})")
    print(f"{'input':<18}{'lines':>8}{'preproc s':>11}{'parse s':>10}{'sema s':>9}{'lines/s':>10}"
          f"{'hlslc proc s':>14}{'clang s':>9}{'ratio':>8}")
    for name, path in (("header only", header_only), (f"large ({args.lines})", large)):
        inproc = hlslc_in_process(path, args.repeat)
        proc = hlslc_process(path, args.repeat)
        clang = clang_process(path, args.repeat, workdir)
        stages = inproc["stages"]
        rate = inproc["lines"] / inproc["total"] if inproc["total"] else float("inf")
        clang_text = f"{clang:9.3f}" if clang is not None else f"{'n/a':>9}"
        ratio_text = f"{proc / clang:7.1f}x" if clang else f"{'n/a':>8}"
        print(f"{name:<18}{inproc['lines']:>8}{stages.get('preprocess', 0):>11.3f}{stages.get('parse', 0):>10.3f}"
              f"{stages.get('sema', 0):>9.3f}{rate:>10.0f}{proc:>14.3f}{clang_text}{ratio_text}")
    if shutil.which("clang-19") is None:
        print("clang-19 not found: install it (apt-get install clang-19) for the ratio column.")
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
