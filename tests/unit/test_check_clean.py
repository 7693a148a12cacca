"""`hlslc run --check` finds nothing on correct kernels: every run of
tests/run/*.hlsl whose RUN line expects it to succeed (the samples among
them) runs again under --check, and must print no error and no warning.
(The variants that plant a bug, `not %hlslc run ...`, are the other
half: their RUN lines check the finding.)"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from support.cli import run_hlslc

RUN_DIR = Path(__file__).resolve().parents[1] / "run"
# Runs that are correct but where --check has something to say on purpose.
EXPECTED = {("linalg-out-of-bounds.hlsl", "warning: a store of a matrix reaches outside buffer 'Untouched'"),
            ("jit-partial-vectors.hlsl", "error: a read outside buffer 'X'"),
            # (the compile's truncation warnings, on purpose)
            ("intrinsic-shared-dimension.hlsl", "warning: implicit truncation of vector type"),
            ("vector-matrix-conversions.hlsl", "warning: implicit truncation of vector type"),
            # (DXC's warnings on the FX syntax the file keeps, on purpose)
            ("effect-file-compute.hlsl", "effect syntax is deprecated")}
# The macros that plant a bug for --check to find (those runs go unchecked).
PLANTED = {"RACE", "UNINIT", "DIVERGENT", "GROUP_BARRIER", "ACROSS_GROUPS", "ATOMIC_OUTSIDE", "HISTOGRAM_RACE"}


def _runs() -> list[tuple[str, list[str]]]:
    out = []
    for test in sorted(RUN_DIR.glob("*.hlsl")):
        for m in re.finditer(r"^// RUN: (.*)$", test.read_text(), re.M):
            line = m.group(1)
            if "%hlslc run" not in line or line.startswith("not ") or "--device vulkan" in line:
                continue
            command = re.sub(r"\s(2>&1|2?>\s*\S+)", " ", line.split("|")[0])
            argv = shlex.split(command.replace("%s", str(test)).replace("%S", str(RUN_DIR)))[1:]
            if "%t" in command or PLANTED & set(argv):
                continue
            out.append((test.name, argv))
    return out


RUNS = _runs()


def test_there_are_runs():
    assert len(RUNS) > 30


@pytest.mark.parametrize("name,argv", RUNS, ids=[f"{n}:{k}" for k, (n, _) in enumerate(RUNS)])
def test_check_finds_nothing_on_correct_kernels(name, argv):
    args = [a for a in argv if a != "--check"] + ["--check", "--print-buffers=none"]
    status, out, err = run_hlslc(*args)
    findings = [line for line in err.splitlines() if "error:" in line or "warning:" in line]
    findings = [f for f in findings if not any(name == n and text in f for n, text in EXPECTED)]
    assert not findings, "\n".join(findings)
    assert status in (0, 1), err          # 1: a Result that differs on purpose
