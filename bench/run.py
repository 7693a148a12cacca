#!/usr/bin/env python3
"""hlslc next to clang 19, on the same inputs, in the same run: the speed
targets of issue 7, measured and compared.

Each row times whole processes (median wall time of --repeat runs, after a
warm-up run that is not counted), as a user or a CI job runs them:

  hlslc   the full pipeline (preprocess, parse, sema, lower, validate) to
          IR: `hlslc -T lib_6_10 FILE -o /dev/null` (batch files are
          compute shaders: `-T cs_6_10`);
  clang   clang 19's HLSL front-end, `clang-19 -cc1 -x hlsl -std=hlsl202x
          -fsyntax-only`, on the same file and the same dx/linalg.h, behind a
          small prelude of the HLSL type names clang lacks without DXC's
          hlsl.h (the reference the issue fixes).

Inputs: the small shader is the header plus the three SM 6.10 examples
(tests/acceptance/spec_sm610_examples.hlsl); the large files and the batch
come from bench/gen_corpus.py (seeded, so every run measures the same text).

Targets (issue 7): small shader at most 3x clang; large files at most 3x
clang, 8x the input at most 8.5x the time, peak memory at most 2x clang's;
200 small shaders in one hlslc process (-j) faster than clang once per file;
the small shader with an empty header cache at most 6x clang.

Nothing here is a test and nothing fails on a slow machine.  Without
clang-19 on PATH only hlslc's figures are printed.

    python bench/run.py [--repeat N] [--batch K] [--jobs J] [--only NAMES] [--keep DIR]
                        [--hlslc "COMMAND"]

--hlslc runs an installed hlslc (for example `--hlslc hlslc` in a venv where
`pip install .` put it) instead of this checkout through `python -m hlslc`.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SMALL = os.path.join(REPO, "tests", "acceptance", "spec_sm610_examples.hlsl")
INCLUDE = os.path.join(REPO, "hlslc", "include")

# The HLSL names the header and the corpus use that clang 19 has only with
# DXC's hlsl.h, and the two resource types with the members they call.
CLANG_PRELUDE = """\
typedef unsigned int uint;
typedef unsigned int uint32_t;
typedef int int32_t;
typedef unsigned long uint64_t;
typedef long int64_t;
typedef unsigned short uint16_t;
typedef short int16_t;
typedef half float16_t;
typedef vector<uint, 3> uint3;
struct ByteAddressBuffer { uint Load(uint offset); };
struct RWByteAddressBuffer { uint Load(uint offset); void Store(uint offset, uint value); };
#define __HLSL_ENABLE_16_BIT 1
// clang 19 deduces `T = groupshared float` for the header's groupshared
// overloads and then fails is_arithmetic; plain globals give it the same
// work without the quirk.
#define groupshared
"""

CLANG_ARGS = ["-cc1", "-triple", "dxil-pc-shadermodel6.8-library", "-x", "hlsl", "-std=hlsl202x",
              "-fnative-half-type", "-fsyntax-only", "-Wno-unknown-attributes"]

LIMITS = {"small": 3.0, "large": 3.0, "growth": 8.5, "memory": 2.0, "cold": 6.0}


class Run:
    """One measured process: wall seconds, peak resident MiB, exit status."""

    def __init__(self, seconds: float, peak_mib: float, status: int) -> None:
        self.seconds = seconds
        self.peak_mib = peak_mib
        self.status = status


def run_process(cmd: list[str], env: dict[str, str] | None = None) -> Run:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return Run(seconds, usage.ru_maxrss / 1024, proc.returncode)


def measure(cmd_for_run, repeat: int, env_for_run=None) -> tuple[float, float]:
    """Median seconds and peak MiB of `repeat` runs after one warm-up run."""
    runs = []
    for index in range(repeat + 1):
        cmd = cmd_for_run(index)
        env = env_for_run(index) if env_for_run else None
        run = run_process(cmd, env)
        if run.status != 0:
            out = subprocess.run(cmd, env=env, capture_output=True, text=True)
            raise SystemExit(f"failed ({run.status}): {shlex.join(cmd)}\n{out.stderr[-3000:]}")
        if index:
            runs.append(run)
    return statistics.median(r.seconds for r in runs), max(r.peak_mib for r in runs)


class Bench:
    def __init__(self, args: argparse.Namespace, workdir: str) -> None:
        self.args = args
        self.workdir = workdir
        self.clang = shutil.which("clang-19")
        self.hlslc = shlex.split(args.hlslc) if args.hlslc else [sys.executable, "-m", "hlslc"]
        env = dict(os.environ)
        # Byte-code caching is part of an installed hlslc (pip compiles it);
        # a checkout gets it on the warm-up run.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if not args.hlslc:
            env["PYTHONPATH"] = REPO + os.pathsep + env.get("PYTHONPATH", "")
        self.cache_dir = os.path.join(workdir, "header-cache")
        env["HLSLC_CACHE_DIR"] = self.cache_dir
        self.env = env
        self.rows: list[str] = []

    # -- commands --------------------------------------------------------

    def hlslc_cmd(self, path: str, profile: str = "lib_6_10") -> list[str]:
        return [*self.hlslc, "-T", profile, path, "-o", os.devnull]

    def clang_cmd(self, path: str) -> list[str] | None:
        if self.clang is None:
            return None
        wrapper = os.path.join(self.workdir, "clang", os.path.basename(path))
        if not os.path.exists(wrapper):
            os.makedirs(os.path.dirname(wrapper), exist_ok=True)
            with open(wrapper, "w", encoding="utf-8") as f:
                f.write(CLANG_PRELUDE + f'#include "{os.path.abspath(path)}"\n')
        return [self.clang, *CLANG_ARGS, "-I", INCLUDE, wrapper]

    # -- rows --------------------------------------------------------------

    def compare(self, target: str, label: str, path: str, limit_key: str, cold: bool = False) -> dict:
        repeat = self.args.repeat
        lines = _lines(path)
        if cold:
            def env_for(index: int) -> dict[str, str]:
                return dict(self.env, HLSLC_CACHE_DIR=os.path.join(self.workdir, f"cold-cache-{index}"))
            h_sec, h_mib = measure(lambda i: self.hlslc_cmd(path), repeat, env_for)
        else:
            h_sec, h_mib = measure(lambda i: self.hlslc_cmd(path), repeat, lambda i: self.env)
        clang_cmd = self.clang_cmd(path)
        c_sec = c_mib = None
        if clang_cmd is not None:
            c_sec, c_mib = measure(lambda i: clang_cmd, repeat)
        self._row(target, label, lines, h_sec, c_sec, LIMITS[limit_key], h_mib, c_mib,
                  mem_limit=LIMITS["memory"] if limit_key == "large" else None)
        return {"hlslc": h_sec, "clang": c_sec}

    def _row(self, target: str, label: str, lines: int | str, h_sec: float, c_sec: float | None, limit: float,
             h_mib: float | None = None, c_mib: float | None = None, mem_limit: float | None = None) -> None:
        ratio = h_sec / c_sec if c_sec else None
        verdict = "n/a" if ratio is None else ("met" if ratio <= limit else "MISSED")
        mem = ""
        if h_mib is not None:
            mem = f"{h_mib:10.0f}"
            if c_mib:
                mem_ratio = h_mib / c_mib
                mem += f"{c_mib:10.0f}{mem_ratio:7.2f}x"
                if mem_limit is not None:
                    mem += " " + ("met" if mem_ratio <= mem_limit else "MISSED")
        self._print(f"{target:<4}{label:<40}{lines:>8}{h_sec:>9.3f}"
                    + (f"{c_sec:>9.3f}{ratio:>7.2f}x" if c_sec else f"{'n/a':>9}{'':>8}")
                    + f"{'<=' + format(limit, 'g') + 'x':>8} {verdict:<7}{mem}")

    def _print(self, text: str) -> None:
        print(text, flush=True)

    # -- the targets ---------------------------------------------------------

    def small(self) -> None:
        self.compare("1", "small: header + 3 SM 6.10 examples", SMALL, "small")

    def cold(self) -> None:
        self.compare("4", "small, empty header cache every run", SMALL, "cold", cold=True)

    def large(self) -> None:
        base = self._generate("large-1x.hlsl", ["large", "--lines", str(self.args.lines)])
        distinct = self._generate("large-8x.hlsl", ["large", "--lines", str(self.args.lines * 8)])
        copies = self._generate("large-8x-copies.hlsl", ["large", "--lines", str(self.args.lines), "--copies", "8"])
        one = self.compare("2", f"large: {_lines(base):,} lines", base, "large")
        eight = self.compare("2", f"large: 8x, new functions", distinct, "large")
        same = self.compare("2", f"large: 8x, the same functions again", copies, "large")
        for name, result in (("new functions", eight), ("same functions", same)):
            growth = result["hlslc"] / one["hlslc"]
            clang_growth = (f", clang {result['clang'] / one['clang']:.1f}x"
                            if result["clang"] and one["clang"] else "")
            verdict = "met" if growth <= LIMITS["growth"] else "MISSED"
            self._print(f"{'2':<4}{'growth, 8x input (' + name + ')':<40}{'':>8}"
                        f"  hlslc {growth:.2f}x{clang_growth}  (limit {LIMITS['growth']:g}x) {verdict}")

    def batch(self) -> None:
        count, jobs, repeat = self.args.batch, self.args.jobs, max(1, self.args.repeat // 2)
        directory = os.path.join(self.workdir, "batch")
        if not os.path.isdir(directory):
            subprocess.run([sys.executable, os.path.join(HERE, "gen_corpus.py"), "batch", "--batch", str(count),
                            "--out", directory], check=True, capture_output=True)
        files = sorted(os.path.join(directory, f) for f in os.listdir(directory) if f.endswith(".hlsl"))
        lines = sum(_lines(f) for f in files)
        out_dir = os.path.join(self.workdir, "batch-out") + os.sep
        rows = []
        for j in sorted({1, jobs}):
            cmd = [*self.hlslc, "-T", "cs_6_10", *files, "-o", out_dir, "-j", str(j)]
            seconds, _ = measure(lambda i: cmd, repeat, lambda i: self.env)
            rows.append((j, seconds))
        clang_seq = clang_par = None
        if self.clang is not None:
            cmds = [self.clang_cmd(f) for f in files]
            clang_seq = statistics.median(_timed(lambda: [_check(c) for c in cmds]) for _ in range(repeat))
            with ThreadPoolExecutor(jobs) as pool:
                clang_par = statistics.median(_timed(lambda: list(pool.map(_check, cmds))) for _ in range(repeat))
        for j, seconds in rows:
            label = f"batch: {count} files, one hlslc, -j {j}"
            self._row("3", label, f"{lines:,}", seconds, clang_seq, 1.0)
        if clang_par is not None:
            self._print(f"{'3':<4}{'  (clang ' + str(jobs) + ' files at a time: ' + format(clang_par, '.3f') + ' s)':<40}")

    def _generate(self, name: str, argv: list[str]) -> str:
        path = os.path.join(self.workdir, name)
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(HERE, "gen_corpus.py"), *argv, "--out", path],
                           check=True, capture_output=True)
        return path


def _check(cmd: list[str]) -> None:
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _lines(path: str) -> int:
    with open(path, encoding="utf-8") as f:
        return sum(1 for _ in f)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per measurement (median reported)")
    parser.add_argument("--lines", type=int, default=1340, help="lines of the 1x large file (8x for the others)")
    parser.add_argument("--batch", type=int, default=200, help="files in the batch corpus")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="hlslc -j for the batch")
    parser.add_argument("--only", default="small,cold,large,batch",
                        help="comma-separated: small, cold, large, batch")
    parser.add_argument("--keep", metavar="DIR", help="generate inputs here and keep them")
    parser.add_argument("--hlslc", metavar="COMMAND", help="an installed hlslc to run instead of this checkout")
    args = parser.parse_args(argv)

    workdir = args.keep or tempfile.mkdtemp(prefix="hlslc-bench-")
    os.makedirs(workdir, exist_ok=True)
    bench = Bench(args, workdir)
    clang_text = bench.clang or "not found (apt-get install clang-19): hlslc figures only"
    print(f"hlslc vs clang 19: median of {args.repeat} runs after a warm-up; {os.cpu_count()} CPUs; "
          f"Python {sys.version.split()[0]}; clang: {clang_text}")
    print(f"hlslc: {shlex.join(bench.hlslc)} (full pipeline to IR); clang: -fsyntax-only; inputs in {workdir}")
    print(f"{'tgt':<4}{'input':<40}{'lines':>8}{'hlslc s':>9}{'clang s':>9}{'ratio':>8}{'limit':>8} {'':<7}"
          f"{'hlslc MiB':>10}{'clang MiB':>10}{'mem':>8}")
    for name in args.only.split(","):
        name = name.strip()
        if name not in ("small", "cold", "large", "batch"):
            parser.error(f"unknown benchmark '{name}'")
        getattr(bench, name)()
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
