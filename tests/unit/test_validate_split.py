"""Validating a module in two processes (hlslc/validate/parallel.py) finds
exactly what validating it in one finds: on a large clean module, and on
one with problems planted in functions of both parts and in the metadata."""

from __future__ import annotations

import collections
import importlib.util
import os
import re
import sys
from pathlib import Path

import pytest

from hlslc.driver import CompileOptions, compile_file
from hlslc.validate import parallel as split, validate_text

REPO = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(not hasattr(os, "fork") or (os.cpu_count() or 1) < 2,
                                reason="needs fork and two CPUs")


@pytest.fixture(scope="module")
def library_ir(tmp_path_factory) -> str:
    spec = importlib.util.spec_from_file_location("gen_corpus_split", REPO / "bench" / "gen_corpus.py")
    gen = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_corpus_split", gen)
    spec.loader.exec_module(gen)
    path = tmp_path_factory.mktemp("split") / "lib.hlsl"
    gen.main(["large", "--functions", "80", "--seed", "11", "--out", str(path)])
    result = compile_file(path, CompileOptions(profile="lib_6_10", validate=False))
    assert result.ok and result.output
    return result.output


@pytest.fixture(autouse=True)
def enabled(monkeypatch):
    monkeypatch.setattr(split, "ENABLED", True)
    monkeypatch.setattr(split, "MIN_FUNCTIONS", 8)
    monkeypatch.setattr(split, "MIN_LINES", 100)


def _findings(text: str, use_split: bool) -> collections.Counter:
    return collections.Counter((d.id, d.severity, d.message)
                               for d in validate_text(text, "x.ll", split=use_split))


def test_the_module_is_split(library_ir: str) -> None:
    parts = split._parts(library_ir)
    assert parts is not None
    first, second = parts
    assert len(first.split("\n")) == len(second.split("\n")) == len(library_ir.split("\n"))
    assert first.count("\ndefine ") + second.count("\ndefine ") == library_ir.count("\ndefine ")
    assert first.count("\ndefine ") and second.count("\ndefine ")


def test_a_clean_module_has_no_findings_either_way(library_ir: str) -> None:
    assert split.validate_split(library_ir, "x.ll", True, "sm6.10", None) == []
    assert _findings(library_ir, True) == _findings(library_ir, False) == collections.Counter()


def test_planted_problems_are_found_the_same(library_ir: str) -> None:
    text = library_ir
    # Break the first createMatrix of four different functions (both parts):
    # a bad component type, which several rules notice.
    count = 0

    def bad(m: re.Match) -> str:
        nonlocal count
        count += 1
        return m.group(0).replace("(i32 400, i32 ", "(i32 400, i32 77") if count in (1, 2, 5, 6) else m.group(0)

    text = re.sub(r'@"dx\.op\.createMatrix"\(i32 400, i32 \d+', bad, text)
    # And list a matrix use no call has.
    text = re.sub(r"(!dx\.linalg\.matrixUses = !\{)", r"\1 !9999,", text)
    text += '\n!9999 = !{ i32 99, i32 99, i32 99, i32 1, i32 9, i32 9 }\n'
    one = _findings(text, False)
    two = _findings(text, True)
    assert split.validate_split(text, "x.ll", True, "sm6.10", None) is not None     # really split
    assert one == two
    assert sum(one.values()) >= 5
    assert any(rule == "LINALG-PSV-MATRIX-USES" for rule, _, _ in one)


def test_functions_that_call_each_other_are_not_split() -> None:
    body = "".join(f'define void @"f{i}"()\n{{\nentry:\n  call void @"f{i + 1}"()\n  ret void\n}}\n'
                   for i in range(40))
    assert split._parts(body * 4) is None


def test_a_small_module_is_not_split(monkeypatch, library_ir: str) -> None:
    monkeypatch.setattr(split, "MIN_LINES", 10 ** 9)
    assert split._parts(library_ir) is None


def test_the_command_reports_split_findings_at_the_source(tmp_path, library_ir) -> None:
    """Through `hlslc` (whose compiles validate in one process): a
    uniformity error in two functions far apart is reported at its source
    line, as a compile in the library reports it."""
    import json
    import subprocess

    gen = sys.modules["gen_corpus_split"]
    path = tmp_path / "big.hlsl"
    gen.main(["large", "--functions", "300", "--seed", "4", "--out", str(path)])
    divergent = ("\nexport void Divergent{n}(uint x) {{\n"
                 "  using namespace dx::linalg;\n"
                 "  if (WaveGetLaneIndex() > x) {{\n"
                 "    Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave> m =\n"
                 "        Matrix<MatrixComponentType::F32, 16, 16, MatrixUse::Accumulator, MatrixScope::Wave>::Splat(1.0f);\n"
                 "    m.Store(RW, 0, 64, MatrixLayout::RowMajor);\n"
                 "  }}\n}}\n")
    text = path.read_text()
    head, _, rest = text.partition("\nvoid Case")
    path.write_text(head + divergent.format(n=1) + "\nvoid Case" + rest + divergent.format(n=2))
    env = dict(os.environ, PYTHONPATH=str(REPO))
    out = subprocess.run([sys.executable, "-m", "hlslc", "-T", "lib_6_10", str(path), "-o", os.devnull,
                          "-fdiagnostics-format=json"], env=env, capture_output=True, text=True)
    assert out.returncode == 1, out.stderr[-2000:]
    seen = [(d["line"], d["id"], d["message"]) for d in map(json.loads, out.stderr.splitlines())]
    reference = compile_file(path, CompileOptions(profile="lib_6_10"))   # in process: never split
    expected = [(d.span.line, d.id, d.message) for d in reference.diagnostics]
    assert seen == expected                                              # the same, in the same order
    assert len({line for line, _, _ in seen}) >= 2
