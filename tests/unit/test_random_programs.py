"""Random programs (tests/support/randprog.py) compiled by hlslc and run on
the CPU: each engine's buffers must be the model's, and where hlslc has
both engines (the interpreter and the JIT) they must be identical to each
other, bit for bit.

A fixed set of seeds runs in a few seconds; more run with
`HLSLC_FUZZ_COUNT=N` (N seeds from `HLSLC_FUZZ_SEED`, default 1000), for
instance `HLSLC_FUZZ_COUNT=2000 python -m pytest -q tests/unit/test_random_programs.py -k many`.
A failing seed's program and pipeline are written to the test's temporary
folder (the report names them), so `hlslc run` can be run on it by hand.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

from support.randprog import Case, engines, generate, run_case

# 16 seeds, and those that found a bug: 7754 (a division of a wave sum
# aborted LLVM's code generator); one for each cause of the 14 differences
# of the 10,000-program run (tests/run has a test for each): 3233 (the
# JIT's max(-0, +0)), 1809 (the JIT's lanes not joining a waiting entry;
# a do-while whose body starts with a return), 3733 (a while loop whose
# condition has a ternary, with a return), 5347 and 4737 (merges past an
# if's or a switch's end), 4945 (a continue in a do-while whose condition
# has a ternary).
FIXED_SEEDS = list(range(16)) + [7754, 3233, 1809, 3733, 5347, 4737, 4945]
ENGINES = engines()


def _compare(case: Case, got: dict[str, np.ndarray], what: str) -> list[str]:
    problems = []
    for name, want in case.expected.items():
        have = got[name]
        if have.dtype != want.dtype:
            have = have.view(want.dtype) if have.dtype.itemsize == want.dtype.itemsize else have.astype(want.dtype)
        same = np.array_equal(have.view(np.uint8), want.view(np.uint8)) if have.shape == want.shape else False
        if not same:
            diff = np.nonzero(have != want)[0] if have.shape == want.shape else [0]
            k = int(diff[0])
            problems.append(f"{what}: buffer '{name}' differs at {len(diff)} elements; the first at {k}: "
                            f"hlslc {have[k] if k < len(have) else '?'}, model {want[k]}")
    return problems


def check_seed(seed: int, tmp_path) -> None:
    case = generate(seed)
    (tmp_path / f"random-{seed}.hlsl").write_text(case.source)
    (tmp_path / f"random-{seed}.yaml").write_text(case.pipeline)
    results = {}
    problems = []
    # The JIT compiles small dispatches unoptimised; every 4th seed it
    # optimises fully, as for large ones (both must match the interpreter).
    level = os.environ.get("HLSLC_JIT_OPT")
    os.environ["HLSLC_JIT_OPT"] = "full" if seed % 4 == 0 else "quick"
    try:
        for engine in ENGINES:
            results[engine] = run_case(case, engine, str(tmp_path))
    finally:
        if level is None:
            del os.environ["HLSLC_JIT_OPT"]
        else:
            os.environ["HLSLC_JIT_OPT"] = level
    # Each engine against the model (not only the last one run).
    for engine, got in results.items():
        problems += _compare(case, got, engine)
    if len(results) == 2:
        for name, a in results["interp"].items():
            b = results["jit"][name]
            if a.tobytes() != b.tobytes():
                problems.append(f"interp and jit differ in buffer '{name}'")
    if problems:
        where = tmp_path / f"random-{seed}.hlsl"
        pytest.fail(f"seed {seed} ({case.kind}, wave size {case.wave_size}): " + "; ".join(problems)
                    + f"\n  {where} with {where.with_suffix('.yaml')} (--wave-size {case.wave_size} -T {case.profile})")


@pytest.mark.parametrize("seed", FIXED_SEEDS)
def test_random_program(seed, tmp_path):
    check_seed(seed, tmp_path)


def _check_range(seeds: range, folder: str) -> tuple[list[str], int]:
    """Check `seeds` one after another (in a worker process); the failures'
    first lines and how many seeds ran."""
    import pathlib

    failures = []
    for seed in seeds:
        try:
            check_seed(seed, pathlib.Path(folder))
        except (pytest.fail.Exception, AssertionError, Exception) as err:
            failures.append(f"seed {seed}: " + (str(err).splitlines() or [type(err).__name__])[0])
    return failures, len(seeds)


def test_many_random_programs(tmp_path):
    """`HLSLC_FUZZ_COUNT=N` programs from seed `HLSLC_FUZZ_SEED` (default
    1000), over `HLSLC_FUZZ_JOBS` processes (default: every core); prints
    how many ran and how long they took."""
    import concurrent.futures
    import multiprocessing
    import time

    count = int(os.environ.get("HLSLC_FUZZ_COUNT", "0"))
    if not count:
        pytest.skip("set HLSLC_FUZZ_COUNT=N to run N more random programs")
    first = int(os.environ.get("HLSLC_FUZZ_SEED", "1000"))
    jobs = max(1, int(os.environ.get("HLSLC_FUZZ_JOBS", "0") or 0) or (os.cpu_count() or 1))
    jobs = min(jobs, count)
    start = time.perf_counter()
    # Seeds dealt round-robin in small slices, so that every process has a
    # share of the slow kinds.
    step = 8
    slices = [range(s, min(s + step, first + count)) for s in range(first, first + count, step)]
    failures: list[str] = []
    ran = 0

    def done(f: list[str], n: int) -> None:
        nonlocal ran
        failures.extend(f)
        ran += n
        for line in f:
            print("\n" + line, flush=True)
        if ran % 500 < n:
            print(f"\n{ran} programs, {len(failures)} failed, {time.perf_counter() - start:.0f} s", flush=True)

    if jobs == 1:
        for seeds in slices:
            done(*_check_range(seeds, str(tmp_path)))
    else:
        # (spawned, not forked: the JIT's workers are native threads).  A
        # worker that dies (a crash in native code) fails its slice, whose
        # seeds are named; the others go on in a new pool.
        ctx = multiprocessing.get_context("spawn")
        todo = list(slices)
        tries: dict[range, int] = {}
        while todo:
            broken = []
            with concurrent.futures.ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
                futures = {pool.submit(_check_range, seeds, str(tmp_path)): seeds for seeds in todo}
                for fut in concurrent.futures.as_completed(futures):
                    try:
                        done(*fut.result())
                    except concurrent.futures.process.BrokenProcessPool:
                        broken.append(futures[fut])
            todo = []
            for seeds in broken:
                # A pool breaks for all its pending slices: each again once,
                # then one seed a slice, and a seed that breaks it alone fails.
                tries[seeds] = tries.get(seeds, 0) + 1
                if len(seeds) == 1 and tries[seeds] > 1:
                    done([f"seed {seeds[0]}: the process crashed (native code)"], 1)
                elif tries[seeds] > 1:
                    todo += [range(x, x + 1) for x in seeds]
                else:
                    todo.append(seeds)
    seconds = time.perf_counter() - start
    print(f"\n{ran} random programs from seed {first} on {jobs} processes in {seconds:.0f} s; "
          f"{len(failures)} failed")
    assert ran == count
    assert not failures, f"{len(failures)} of {count} programs differ:\n" + "\n".join(failures[:20])
