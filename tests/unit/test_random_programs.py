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

FIXED_SEEDS = list(range(16))
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
    for engine in ENGINES:
        results[engine] = run_case(case, engine, str(tmp_path))
        problems += _compare(case, results[engine], engine)
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


def test_many_random_programs(tmp_path):
    count = int(os.environ.get("HLSLC_FUZZ_COUNT", "0"))
    if not count:
        pytest.skip("set HLSLC_FUZZ_COUNT=N to run N more random programs")
    first = int(os.environ.get("HLSLC_FUZZ_SEED", "1000"))
    failures = []
    for seed in range(first, first + count):
        try:
            check_seed(seed, tmp_path)
        except (pytest.fail.Exception, AssertionError, Exception) as err:
            failures.append(f"seed {seed}: " + (str(err).splitlines() or [type(err).__name__])[0])
    assert not failures, f"{len(failures)} of {count} programs differ:\n" + "\n".join(failures[:20])
