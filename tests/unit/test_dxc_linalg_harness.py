"""bench/dxc_linalg_validation.py on a tiny fake DXC checkout: its lit RUN
lines, verdicts and CHECK lines, read from a work tree and from git."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
FOLDER = "tools/clang/test/LitDXILValidation/LinAlgMatrix"


def _harness():
    spec = importlib.util.spec_from_file_location("dxc_linalg_validation", REPO / "bench" / "dxc_linalg_validation.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_MODULE = """
%dx.types.LinAlgMatrixC9M16N16U2S1 = type {{ i8* }}
%dx.types.LinAlgMatrixC9M16N16U2S0 = type {{ i8* }}

define void @main() {{
entry:
  %m = call %dx.types.LinAlgMatrixC9M16N16U2S{scope} @dx.op.linAlgFillMatrix.mC9M16N16U2S{scope}.f32(i32 -2147483636, float 1.000000e+00)
  ret void
}}

declare %dx.types.LinAlgMatrixC9M16N16U2S{scope} @dx.op.linAlgFillMatrix.mC9M16N16U2S{scope}.f32(i32, float) #0

attributes #0 = {{ nounwind }}

!dx.targetTypes = !{{!0, !1}}
!dx.shaderModel = !{{!2}}
!dx.entryPoints = !{{!3}}
!0 = !{{%dx.types.LinAlgMatrixC9M16N16U2S1 undef, i32 9, i32 16, i32 16, i32 2, i32 1}}
!1 = !{{%dx.types.LinAlgMatrixC9M16N16U2S0 undef, i32 9, i32 16, i32 16, i32 2, i32 0}}
!2 = !{{!"cs", i32 6, i32 10}}
!3 = !{{void ()* @main, !"main", null, null, !4}}
!4 = !{{i32 4, !5}}
!5 = !{{i32 32, i32 1, i32 1}}
"""

FILES = {
    # a valid module: DXC says so, hlslc too
    "good.ll": "; RUN: %dxv %s 2>&1 | FileCheck %s\n; CHECK: Validation succeeded.\n" + _MODULE.format(scope=1),
    # a fill of a Thread matrix, with DXC's lines
    "thread-fill.ll": ("; RUN: not %dxv %s 2>&1 | FileCheck %s\n"
                       "; CHECK: Function: main: error: Return matrix scope 'Thread' does not match expected scope "
                       "Wave or ThreadGroup.\n"
                       "; CHECK-NEXT: note: at {{.*}} @dx.op.linAlgFillMatrix.mC9M16N16U2S0.f32\n"
                       "; CHECK-NEXT: Validation failed.\n" + _MODULE.format(scope=0)),
    # hlslc's verdict agrees but the test wants another message
    "wrong-message.ll": ("; RUN: not %dxv %s 2>&1 | FileCheck %s\n"
                         "; CHECK: error: Return matrix use 'A' does not match expected use Accumulator.\n"
                         + _MODULE.format(scope=0)),
    # DXC would reject it; hlslc accepts it
    "wrong-verdict.ll": "; RUN: not %dxv %s 2>&1 | FileCheck %s\n; CHECK: Validation failed.\n" + _MODULE.format(scope=1),
}


def _suite(root: Path) -> Path:
    folder = root / FOLDER
    folder.mkdir(parents=True)
    for name, text in FILES.items():
        (folder / name).write_text(text)
    (folder / "notes.txt").write_text("not a test\n")
    return root


def _rows(out: str) -> dict[str, str]:
    rows = {}
    for line in out.splitlines():
        parts = line.split()
        if parts and parts[0].endswith(".ll"):
            rows[parts[0]] = parts[3]
    return rows


def test_harness_on_a_work_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    harness = _harness()
    root = _suite(tmp_path / "dxc")
    status = harness.main([str(root), "-j", "2", "--json", str(tmp_path / "rows.json")])
    out = capsys.readouterr().out
    assert status == 1
    assert _rows(out) == {"good.ll": "yes", "thread-fill.ll": "yes", "wrong-message.ll": "NO", "wrong-verdict.ll": "NO"}
    assert "agree 2/4 (verdicts 3/4, CHECK lines 2/4)" in out
    rows = {r["file"]: r for r in json.loads((tmp_path / "rows.json").read_text())["rows"]}
    assert rows["wrong-message.ll"]["verdict_agrees"] and not rows["wrong-message.ll"]["checks_agree"]
    assert "use 'A'" in rows["wrong-message.ll"]["why"]
    assert not rows["wrong-verdict.ll"]["verdict_agrees"] and rows["wrong-verdict.ll"]["hlslc"] == "pass"


@pytest.mark.skipif(shutil.which("git") is None, reason="no git")
def test_harness_reads_a_git_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    harness = _harness()
    root = _suite(tmp_path / "dxc")
    for name in ("wrong-message.ll", "wrong-verdict.ll"):
        (root / FOLDER / name).unlink()
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "-A"], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "suite"], check=True)
    # A bare clone has no work tree: the files come from `git show`.
    bare = tmp_path / "mirror.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(root), str(bare)], check=True)
    assert harness.main([str(bare)]) == 0
    out = capsys.readouterr().out
    assert "agree 2/2" in out and _rows(out) == {"good.ll": "yes", "thread-fill.ll": "yes"}


def test_expectations_from_run_lines() -> None:
    harness = _harness()
    assert harness.expectation("; RUN: not %dxv %s 2>&1 | FileCheck %s\n") == (True, True)
    assert harness.expectation("; RUN: %dxv %s\n") == (False, False)
