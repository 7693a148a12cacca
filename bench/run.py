#!/usr/bin/env python3
"""hlslc next to clang 19, on the same inputs, in the same run: the speed
targets of issues 7 and 28, measured and compared.

Each row times whole processes (the median of --repeat runs, after a
warm-up run that is not counted), as a user or a CI job runs them:

  hlslc   the full pipeline (preprocess, parse, sema, lower, validate) to
          IR: `hlslc -T lib_6_10 FILE -o /dev/null` (batch files are
          compute shaders: `-T cs_6_10`);
  clang   clang 19's HLSL front-end, `clang-19 -cc1 -x hlsl -std=hlsl202x
          -fsyntax-only`, on the same file and the same dx/linalg.h, behind a
          small prelude of the HLSL type names clang lacks without DXC's
          hlsl.h (the reference the issues fix).

Two clocks, both printed: CPU seconds (user + system of the process and of
the children it waited for, from wait4: the `-j` workers of a batch, and
an hlslc before issue 28's second round validated large modules in a
forked child) and wall seconds.  --clock picks the one the ratios use; the
default is CPU, which other work on a shared machine barely moves (wall
time there measures the load).  Memory is the peak resident size of the
largest process (ru_maxrss).

Inputs: the small shader is the header plus the three SM 6.10 examples
(tests/acceptance/spec_sm610_examples.hlsl); the large files and the batch
come from bench/gen_corpus.py (seeded, so every run measures the same text).

Targets (the default, `--only startup,small,large`, issue 28; start-up is
`hlslc --version` and a one-function compile, hlslc's figures only): the small shader
within 1.5x clang, the 1,340-line file within 0.8x, the 10,678-line file
(8x, new functions) within 2x; memory no more than clang's; validating
hlslc's own IR 15% or less of a compile of the large file (the stage split
of `--time-report`, CPU seconds, printing the IR not counted: the output
needs it with or without validation).  Issue 7's (`--only cold,copies,batch`):
the small shader with an empty header cache within 6x; 8x the input (the
same functions again) within 3x and 8.5x the time of the 1x file; 200
small shaders in one hlslc process (-j) faster than clang once per file.

Nothing here is a test and nothing fails on a slow machine.  Without
clang-19 on PATH only hlslc's figures are printed.

    python bench/run.py [--repeat N] [--clock cpu|wall] [--only NAMES] [--keep DIR]
                        [--batch K] [--jobs J] [--hlslc "COMMAND"] [--before "COMMAND"]

--hlslc runs an installed hlslc (for example `--hlslc v/bin/hlslc` in a
venv where `pip install .` put it) instead of this checkout through
`python -m hlslc`; --before adds a row for another one (an earlier
version, in its own venv) before each of its rows, measured in the same run.
"""

from __future__ import annotations

import argparse
import json
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

# Issue 7's limits (ratios of hlslc's time to clang's; growth: of the 8x
# file's time to the 1x file's) and issue 28's (`*28`).
LIMITS = {"small": 3.0, "large": 3.0, "growth": 8.5, "memory": 2.0, "cold": 6.0,
          "small28": 1.5, "large1x28": 0.8, "large8x28": 2.0, "memory28": 1.0, "validate28": 0.15}


class Run:
    """One measured process: wall seconds, CPU seconds, peak resident MiB, exit status."""

    def __init__(self, seconds: float, cpu: float, peak_mib: float, status: int) -> None:
        self.seconds = seconds
        self.cpu = cpu
        self.peak_mib = peak_mib
        self.status = status


def run_process(cmd: list[str], env: dict[str, str] | None = None) -> Run:
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    # wait4's usage covers the process and the children it waited for.
    return Run(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode)


class Measured:
    """Medians of `repeat` runs: wall and CPU seconds; the peak MiB of all."""

    def __init__(self, runs: list[Run]) -> None:
        self.wall = statistics.median(r.seconds for r in runs)
        self.cpu = statistics.median(r.cpu for r in runs)
        self.peak_mib = max(r.peak_mib for r in runs)

    def seconds(self, clock: str) -> float:
        return self.cpu if clock == "cpu" else self.wall


def measure(cmd_for_run, repeat: int, env_for_run=None) -> Measured:
    """The runs of `repeat` processes after one warm-up run."""
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
    return Measured(runs)


class Bench:
    def __init__(self, args: argparse.Namespace, workdir: str) -> None:
        self.args = args
        self.workdir = workdir
        self.clang = shutil.which("clang-19")
        self.hlslc = shlex.split(args.hlslc) if args.hlslc else [sys.executable, "-m", "hlslc"]
        self.before = shlex.split(args.before) if args.before else None
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

    def compare(self, target: str, label: str, path: str, limit_key: str, cold: bool = False,
                mem_limit: float | None = None) -> dict:
        repeat, clock = self.args.repeat, self.args.clock
        lines = _lines(path)
        if cold:
            def env_for(index: int) -> dict[str, str]:
                return dict(self.env, HLSLC_CACHE_DIR=os.path.join(self.workdir, f"cold-cache-{index}"))
            h = measure(lambda i: self.hlslc_cmd(path), repeat, env_for)
        else:
            h = measure(lambda i: self.hlslc_cmd(path), repeat, lambda i: self.env)
        clang_cmd = self.clang_cmd(path)
        c = measure(lambda i: clang_cmd, repeat) if clang_cmd is not None else None
        if self.before is not None:
            # The same row for another hlslc (--before), measured in the same run.
            b = measure(lambda i: [*self.before, *self.hlslc_cmd(path)[len(self.hlslc):]], repeat,
                        (lambda i: dict(self.env, HLSLC_CACHE_DIR=os.path.join(self.workdir, f"cold-cache-b{i}")))
                        if cold else (lambda i: dict(self.env, HLSLC_CACHE_DIR=self.cache_dir + "-before")))
            self._row(target, "  (before) " + label, lines, b, c, LIMITS[limit_key], mem_limit=mem_limit)
        self._row(target, label, lines, h, c, LIMITS[limit_key], mem_limit=mem_limit)
        return {"hlslc": h.seconds(clock), "clang": c.seconds(clock) if c else None}

    def _row(self, target: str, label: str, lines: int | str, h: Measured, c: Measured | None, limit: float,
             mem_limit: float | None = None, memory: bool = True) -> None:
        clock = self.args.clock
        h_sec, c_sec = h.seconds(clock), (c.seconds(clock) if c else None)
        ratio = h_sec / c_sec if c_sec else None
        verdict = "n/a" if ratio is None else ("met" if ratio <= limit else "MISSED")
        text = (f"{target:<4}{label:<40}{lines:>8}{h.cpu:>9.3f}{h.wall:>9.3f}"
                + (f"{c.cpu:>9.3f}{c.wall:>9.3f}{ratio:>7.2f}x" if c else f"{'n/a':>9}{'':>9}{'':>8}")
                + f"{'<=' + format(limit, 'g') + 'x':>8} {verdict:<7}")
        if memory:
            text += f"{h.peak_mib:10.0f}"
            if c is not None and c.peak_mib:
                mem_ratio = h.peak_mib / c.peak_mib
                text += f"{c.peak_mib:10.0f}{mem_ratio:7.2f}x"
                if mem_limit is not None:
                    text += " " + ("met" if mem_ratio <= mem_limit else "MISSED")
        self._print(text)

    def _print(self, text: str) -> None:
        print(text, flush=True)

    def stage_split(self, label: str, path: str, check_validate: bool = False) -> None:
        """The median CPU seconds of each stage (`--time-report`) over
        --repeat more runs, and the validator's share of the compile."""
        cmd = [*self.hlslc_cmd(path), "--time-report", "-fdiagnostics-format=json"]
        reports = []
        for _ in range(self.args.repeat):
            out = subprocess.run(cmd, env=self.env, capture_output=True, text=True)
            for line in out.stderr.splitlines():
                if line.startswith('{"time_report"'):
                    reports.append(json.loads(line)["time_report"])
        if not reports:
            self._print(f"    {label}: no time report")
            return
        clock = "cpu" if "cpu" in reports[0] else "stages"      # an hlslc before CPU times: wall seconds
        stages = list(reports[0][clock])
        med = {st: statistics.median(r[clock].get(st, 0.0) for r in reports) for st in stages}
        printing = statistics.median(r.get("validate_printing", {}).get("cpu" if clock == "cpu" else "seconds", 0.0)
                                     for r in reports)
        total = statistics.median(r["cpu_total" if clock == "cpu" else "total"] for r in reports)
        parts = []
        for st in stages:
            if st == "validate":
                parts.append(f"validate {med[st] - printing:.3f} + printing {printing:.3f}")
            else:
                parts.append(f"{st} {med[st]:.3f}")
        validating = med.get("validate", 0.0) - printing
        share = validating / total if total else 0.0
        what = "CPU s" if clock == "cpu" else "wall s, printing not split out"
        text = f"    {label} stages ({what}, --time-report): " + ", ".join(parts) + f"; total {total:.3f}"
        text += f"; validation {share * 100:.1f}% of the compile"
        if check_validate:
            text += f" (<= {LIMITS['validate28'] * 100:g}%: {'met' if share <= LIMITS['validate28'] else 'MISSED'})"
        self._print(text)

    # -- the targets ---------------------------------------------------------

    def small(self) -> None:
        self.compare("28", "small: header + 3 SM 6.10 examples", SMALL, "small28", mem_limit=LIMITS["memory28"])
        self.stage_split("small", SMALL)

    def large(self) -> None:
        base = self._generate("large-1x.hlsl", ["large", "--lines", str(self.args.lines)])
        distinct = self._generate("large-8x.hlsl", ["large", "--lines", str(self.args.lines * 8)])
        self.compare("28", f"large: {_lines(base):,} lines", base, "large1x28", mem_limit=LIMITS["memory28"])
        self.stage_split("1x", base)
        self.compare("28", f"large: 8x, new functions", distinct, "large8x28", mem_limit=LIMITS["memory28"])
        self.stage_split("8x", distinct, check_validate=True)

    def startup(self) -> None:
        """`hlslc --version` and a one-function compute shader (no header):
        what every compile pays before its own work."""
        one = os.path.join(self.workdir, "one-function.hlsl")
        if not os.path.exists(one):
            with open(one, "w", encoding="utf-8") as f:
                f.write("RWByteAddressBuffer B;\n[numthreads(1, 1, 1)]\nvoid main() { B.Store(0, 1u); }\n")
        for label, cmd_of in (("start-up: hlslc --version", lambda hlslc: [*hlslc, "--version"]),
                              ("start-up: one-function compile", lambda hlslc: [*hlslc, "-T", "cs_6_10", one,
                                                                                 "-o", os.devnull])):
            rows = [("  (before) " + label, self.before)] if self.before is not None else []
            for row_label, hlslc in rows + [(label, self.hlslc)]:
                m = measure(lambda i: cmd_of(hlslc), self.args.repeat, lambda i: self.env)
                self._print(f"{'28':<4}{row_label:<40}{'':>8}{m.cpu:>9.3f}{m.wall:>9.3f}"
                            f"{'':>9}{'':>9}{'':>8}{'':>8} {'':<7}{m.peak_mib:10.0f}")

    def cold(self) -> None:
        self.compare("7", "small, empty header cache every run", SMALL, "cold", cold=True)

    def copies(self) -> None:
        base = self._generate("large-1x.hlsl", ["large", "--lines", str(self.args.lines)])
        distinct = self._generate("large-8x.hlsl", ["large", "--lines", str(self.args.lines * 8)])
        copies = self._generate("large-8x-copies.hlsl", ["large", "--lines", str(self.args.lines), "--copies", "8"])
        one = self.compare("7", f"large: {_lines(base):,} lines", base, "large", mem_limit=LIMITS["memory"])
        eight = self.compare("7", f"large: 8x, new functions", distinct, "large", mem_limit=LIMITS["memory"])
        same = self.compare("7", f"large: 8x, the same functions again", copies, "large", mem_limit=LIMITS["memory"])
        for name, result in (("new functions", eight), ("same functions", same)):
            growth = result["hlslc"] / one["hlslc"]
            clang_growth = (f", clang {result['clang'] / one['clang']:.1f}x"
                            if result["clang"] and one["clang"] else "")
            verdict = "met" if growth <= LIMITS["growth"] else "MISSED"
            self._print(f"{'7':<4}{'growth, 8x input (' + name + ')':<40}{'':>8}"
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
            rows.append((j, measure(lambda i: cmd, repeat, lambda i: self.env)))
        clang_seq = None
        clang_par = None
        if self.clang is not None:
            cmds = [self.clang_cmd(f) for f in files]
            clang_seq = Measured([_timed(lambda: [_check(c) for c in cmds]) for _ in range(repeat)])
            with ThreadPoolExecutor(jobs) as pool:
                clang_par = statistics.median(_timed(lambda: list(pool.map(_check, cmds))).seconds
                                              for _ in range(repeat))
        for j, measured in rows:
            label = f"batch: {count} files, one hlslc, -j {j}"
            self._row("7", label, f"{lines:,}", measured, clang_seq, 1.0, memory=False)
        if clang_par is not None:
            self._print(f"{'7':<4}{'  (clang ' + str(jobs) + ' files at a time: ' + format(clang_par, '.3f') + ' s wall)':<40}")

    def _generate(self, name: str, argv: list[str]) -> str:
        path = os.path.join(self.workdir, name)
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(HERE, "gen_corpus.py"), *argv, "--out", path],
                           check=True, capture_output=True)
        return path


def _check(cmd: list[str]) -> None:
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _timed(fn) -> Run:
    """Wall and CPU seconds of `fn`'s child processes (all waited for)."""
    before = os.times()
    start = time.perf_counter()
    fn()
    seconds = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return Run(seconds, cpu, 0.0, 0)


def _lines(path: str) -> int:
    with open(path, encoding="utf-8") as f:
        return sum(1 for _ in f)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="timed runs per measurement (median reported)")
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                        help="the seconds the ratios compare: CPU (default; steady on a busy machine) or wall")
    parser.add_argument("--lines", type=int, default=1340, help="lines of the 1x large file (8x for the others)")
    parser.add_argument("--batch", type=int, default=200, help="files in the batch corpus")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="hlslc -j for the batch")
    parser.add_argument("--only", default="startup,small,large",
                        help="comma-separated: startup, small, large (issue 28, the default); cold, copies, batch "
                             "(issue 7)")
    parser.add_argument("--keep", metavar="DIR", help="generate inputs here and keep them")
    parser.add_argument("--hlslc", metavar="COMMAND", help="an installed hlslc to run instead of this checkout")
    parser.add_argument("--before", metavar="COMMAND",
                        help="another installed hlslc (an earlier version) to time in the same run, row by row")
    args = parser.parse_args(argv)

    workdir = args.keep or tempfile.mkdtemp(prefix="hlslc-bench-")
    os.makedirs(workdir, exist_ok=True)
    bench = Bench(args, workdir)
    clang_text = bench.clang or "not found (apt-get install clang-19): hlslc figures only"
    print(f"hlslc vs clang 19: median of {args.repeat} runs after a warm-up; ratios of {args.clock.upper()} seconds; "
          f"{os.cpu_count()} CPUs; load {os.getloadavg()[0]:.1f}; Python {sys.version.split()[0]}; clang: {clang_text}")
    print(f"hlslc: {shlex.join(bench.hlslc)} (full pipeline to IR); clang: -fsyntax-only; inputs in {workdir}")
    print("seconds: CPU (user + system, children included), then wall in parentheses; MiB: peak resident")
    print(f"{'tgt':<4}{'input':<40}{'lines':>8}{'hlslc':>9}{'(wall)':>9}{'clang':>9}{'(wall)':>9}{'ratio':>8}"
          f"{'limit':>8} {'':<7}{'hlslc MiB':>10}{'clang MiB':>10}{'mem':>8}")
    for name in args.only.split(","):
        name = name.strip()
        if name not in ("startup", "small", "cold", "large", "copies", "batch"):
            parser.error(f"unknown benchmark '{name}'")
        getattr(bench, name)()
    if not args.keep:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
