"""Run LLVM's offload-test-suite compute tests with `hlslc run` and count.

    python bench/offload_suite.py --suite PATH/offload-test-suite/test [--device cpu|vulkan]
                                  [--engine jit|interp|both] [--validate] [-j N] [--json results.json]
                                  [--run-flags=--check]

A test is taken when its one compile (`%dxc_target ...`) targets a compute
profile (`-T cs_*`) and its `REQUIRES`/`UNSUPPORTED` lines allow the device:
DirectX features for `--device cpu` (the executor stands for a DirectX
device with 16- and 64-bit types), Vulkan's for `--device vulkan` (with
cooperative matrices and vectors, as the lent H100 has). The test's
`split-file` parts are written out, the shader is compiled with the test's
own flags (`-spirv -fspv-target-env=vulkan1.3` on Vulkan, as the suite's lit
configuration adds) and run on the pipeline. A test passes when `hlslc run`
exits 0, that is when the pipeline's Result checks hold; a test that checks
its output with FileCheck lines only passes when it runs (they are not
applied). A test whose offloader run is expected to fail (`not
%offloader`) passes when hlslc's run fails. `XFAIL` tests that fail count
as xfail; an internal compiler error (exit 3) counts apart. `--validate`
only compiles to SPIR-V and runs `spirv-val` on it.

`--run-flags` adds options to each `hlslc run` (`--run-flags=--check`: the
suite's kernels under the sanitizer, where a finding fails the test).

Prints `{'pass': N, 'fail': N, ...} total N pass% P` and writes every
test's verdict to `--json` (path, verdict, exit status and first message).

`--engine` (CPU): `jit` or `interp` runs `hlslc run --engine` with it (the
JIT's runs that fell back to the interpreter are counted, `fallback`);
`both` runs every test on both engines and also compares what they print
(every buffer after the dispatch, exactly): it prints each engine's
counts, how many tests the two engines agree on, and each disagreement.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

FEATURES = {
    "cpu": {"DirectX", "DXC", "Half", "Int16", "Int64", "Double", "NV"},
    "vulkan": {"Vulkan", "DXC", "Half", "Int16", "Int64", "Double", "NV", "Int64GroupSharedAtomics",
               "VulkanInt64BufferAtomics", "Int64TypedResourceAtomics", "VK_KHR_cooperative_matrix",
               "VK_NV_cooperative_vector", "VK_NV_cooperative_matrix2", "VK_KHR_shader_float16_int8"},
}


def holds(expr: str, features: set[str]) -> bool:
    """A lit feature expression (`A && !B || (C)`) under `features`."""
    out = []
    for token in re.findall(r"\(|\)|&&|\|\||!|[A-Za-z0-9_.-]+", expr.strip()):
        out.append({"&&": " and ", "||": " or ", "!": " not ", "(": "(", ")": ")"}.get(token, str(token in features)))
    try:
        return bool(eval("".join(out)))  # noqa: S307 (booleans and operators only)
    except SyntaxError:
        return False


class Test:
    def __init__(self, path: str, text: str, runs: list[str], compile_line: str, xfail: bool) -> None:
        self.path = path
        self.text = text
        self.runs = runs
        self.compile_line = compile_line
        self.xfail = xfail


def select(root: str, features: set[str]) -> list[Test]:
    """The compute tests under `root` that a device with `features` runs."""
    out = []
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(".test"):
                continue
            path = os.path.join(folder, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            lines = text.splitlines()
            runs = [line.split("RUN:", 1)[1].strip() for line in lines if line.startswith("#") and "RUN:" in line]
            compiles = [r for r in runs if "%dxc_target " in r]
            if len(compiles) != 1 or not re.search(r"-T\s*cs_", compiles[0]):
                continue
            heads = {k: [line.split(":", 1)[1] for line in lines if line.startswith(f"# {k}:")]
                     for k in ("REQUIRES", "UNSUPPORTED", "XFAIL")}
            requires = " && ".join(heads["REQUIRES"]).replace(",", " && ")
            if requires and not holds(requires, features):
                continue
            if any(holds(u, features) for u in heads["UNSUPPORTED"]):
                continue
            out.append(Test(path, text, runs, compiles[0], any(holds(x, features) for x in heads["XFAIL"])))
    return out


def split_files(text: str) -> dict[str, str]:
    """The `#--- NAME` / `//--- NAME` parts of a split-file test."""
    files: dict[str, str] = {}
    current = None
    for line in text.splitlines(keepends=True):
        m = re.match(r"^(?://|#)--- (\S+)", line)
        if m:
            current = m.group(1)
            files[current] = ""
        elif current:
            files[current] += line
    return files


def run_one(test: Test, device: str, validate: bool, hlslc: list[str], features: set[str],
            engine: str | None = None, run_flags: list[str] | None = None) -> tuple:
    work = tempfile.mkdtemp(prefix="offload-")
    for name, content in split_files(test.text).items():
        path = os.path.join(work, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(content)
    line = re.sub(r"%if\s+(\S+)\s+%\{(.*?)%\}", lambda m: m.group(2) if holds(m.group(1), features) else "",
                  test.compile_line)
    args = shlex.split(line.replace("%t/", work + "/").replace("%t", work + "/out"))[1:]
    source, flags, i = None, [], 0
    while i < len(args):
        if args[i] == "-Fo":
            i += 2
            continue
        if args[i].endswith(".hlsl"):
            source = args[i]
        elif not args[i].startswith("-Fo"):
            flags.append(args[i])
        i += 1
    offloader = [r for r in test.runs if "%offloader" in r]
    expect_failure = bool(offloader) and offloader[0].startswith("not ")
    pipeline = re.search(r"(\S+\.yaml)", offloader[0] if offloader else "")
    if not source or not pipeline:
        return test.path, "skip", ""
    yaml_path = pipeline.group(1).replace("%t/", work + "/")
    if device == "vulkan":
        flags = ["-spirv", "-fspv-target-env=vulkan1.3"] + flags if validate else flags
    try:
        if validate:
            spv = os.path.join(work, "out.spv")
            r = subprocess.run(hlslc + [source, "-o", spv] + flags, capture_output=True, text=True, timeout=120)
            status, message = r.returncode, (r.stderr.strip().splitlines() or [""])[0]
            if status == 0:
                v = subprocess.run(["spirv-val", "--target-env", "vulkan1.3", spv], capture_output=True, text=True)
                if v.returncode:
                    status, message = 5, "spirv-val: " + (v.stderr.strip().splitlines() or [""])[0]
            expect_failure = False      # what the offloader expects to fail is the run
        else:
            chosen = ["--engine", engine] if engine else []
            r = subprocess.run(hlslc + ["run", "--device", device, source, "--pipeline", yaml_path] + flags + chosen
                               + (run_flags or []),
                               capture_output=True, text=True, timeout=300)
            status, message = r.returncode, (r.stderr.strip().splitlines() or [""])[-1]
            failed = [x for x in r.stdout.splitlines() if "FAIL" in x]
            if failed:
                message = failed[0]
            output = r.stdout
            fell_back = "warning: the JIT does not run" in r.stderr
            if fell_back:
                message = next(x for x in r.stderr.splitlines() if "warning: the JIT does not run" in x)
    except subprocess.TimeoutExpired:
        status, message = 124, "timeout"
        output, fell_back = "", False
    if status == 3:
        verdict = "ICE"
    elif (status not in (0, 3)) if expect_failure else status == 0:
        verdict = "pass"
    else:
        verdict = "xfail" if test.xfail else "fail"
    if engine and not validate:
        return test.path, verdict, f"rc={status} {message[:300]}", output, fell_back
    return test.path, verdict, f"rc={status} {message[:300]}"


def _both(tests: list, device: str, hlslc: list[str], features: set[str], jobs: int, json_path: str | None) -> int:
    """Every test on both engines: each one's counts, and where they differ."""
    def one(t: Test) -> tuple:
        return run_one(t, device, False, hlslc, features, "jit"), run_one(t, device, False, hlslc, features, "interp")

    with ThreadPoolExecutor(jobs) as pool:
        pairs = list(pool.map(one, tests))
    jit = Counter(j[1] for j, _ in pairs)
    interp = Counter(i[1] for _, i in pairs)
    agree = [j[0] for j, i in pairs if i[1] == "pass" and j[1] == "pass" and j[3] == i[3]]
    passed = [i for _, i in pairs if i[1] == "pass"]
    fallback = sum(1 for j, _ in pairs if j[4])
    native = sum(1 for j, i in pairs if not j[4] and i[1] == "pass" and j[1] == "pass" and j[3] == i[3])
    print("interp", dict(interp))
    print("jit   ", dict(jit), f"(of which {fallback} fell back to the interpreter)")
    print(f"of the {len(passed)} tests the interpreter passes: the JIT passes "
          f"{sum(1 for j, i in pairs if i[1] == 'pass' and j[1] == 'pass')}, with identical buffers in {len(agree)} "
          f"({native} run natively by the JIT, {len(agree) - native} by its fallback)")
    for j, i in pairs:
        if i[1] == "pass" and (j[1] != "pass" or j[3] != i[3]):
            print("  differ:", j[0], "jit:", j[1], j[2][:160], "| interp:", i[1])
    for j, i in pairs:
        if j[4] and i[1] == "pass":
            print("  fallback:", j[0], j[2][:200])
    if json_path:
        with open(json_path, "w", encoding="utf-8") as f:
            json.dump([[j[:3] + (j[4],), i[:3]] for j, i in pairs], f, indent=1)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", required=True, help="the offload-test-suite's test directory")
    ap.add_argument("--device", choices=("cpu", "vulkan"), default="cpu")
    ap.add_argument("--engine", choices=("jit", "interp", "both"), help="the CPU engine (both: compare them)")
    ap.add_argument("--validate", action="store_true", help="compile to SPIR-V and run spirv-val only")
    ap.add_argument("-j", type=int, default=2, help="tests run at once")
    ap.add_argument("--json", help="write every test's verdict here")
    ap.add_argument("--hlslc", default=f"{sys.executable} -m hlslc", help="the hlslc command")
    ap.add_argument("--run-flags", default="", help="more options for `hlslc run` (e.g. \"--check\")")
    args = ap.parse_args()
    device = "vulkan" if args.validate else args.device
    features = FEATURES[device]
    tests = select(args.suite, features)
    if args.engine == "both":
        return _both(tests, device, args.hlslc.split(), features, args.j, args.json)
    with ThreadPoolExecutor(args.j) as pool:
        full = list(pool.map(lambda t: run_one(t, device, args.validate, args.hlslc.split(), features, args.engine,
                                               shlex.split(args.run_flags)), tests))
    results = [r[:3] for r in full]
    if args.engine == "jit":
        print("fell back to the interpreter:", sum(1 for r in full if len(r) > 3 and r[4]))
    counts = Counter(verdict for _, verdict, _ in results)
    total = sum(n for verdict, n in counts.items() if verdict != "skip")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=1)
    print(dict(counts), "total", total, "pass%", round(100 * counts["pass"] / max(total, 1), 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
