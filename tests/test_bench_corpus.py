"""The benchmark corpus generator (bench/gen_corpus.py) writes valid programs.

A large library file and a few batch shaders are generated into tmp_path and
compiled with hlslc: no errors, and no warnings other than the spec's
documented ones (which the generator avoids too, so none are expected in
practice).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import hlslc

REPO = Path(__file__).resolve().parent.parent
ALLOWED_WARNINGS = {"LINALG-STRIDE-SHORT", "LINALG-ELEMENT-MIX", "LINALG-SUMACCUMULATE"}


def _load_generator():
    spec = importlib.util.spec_from_file_location("gen_corpus", REPO / "bench" / "gen_corpus.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("gen_corpus", module)
    spec.loader.exec_module(module)
    return module


gen_corpus = _load_generator()


def _check(path: Path, profile: str) -> None:
    result = hlslc.compile_file(path, hlslc.CompileOptions(profile=profile, emit="nothing"))
    diags = list(result.diagnostics)
    errors = [d for d in diags if d.is_error]
    warnings = [d for d in diags if d.severity is hlslc.diagnostics.Severity.WARNING
                and d.id not in ALLOWED_WARNINGS]

    def show(ds):
        return "\n".join(f"{d.span.line_col() if d.span else ''} {d.message} [{d.id}]" for d in ds[:10])

    assert result.ok and not errors, f"{path.name} ({profile}): errors:\n{show(errors)}"
    assert not warnings, f"{path.name} ({profile}): unexpected warnings:\n{show(warnings)}"


@pytest.mark.parametrize("seed", [1, 2])
def test_large_file_compiles(tmp_path: Path, seed: int) -> None:
    out = tmp_path / "large.hlsl"
    assert gen_corpus.main(["large", "--functions", "200", "--seed", str(seed), "--out", str(out)]) == 0
    text = out.read_text()
    # Every operation appears even in a small file, with packed types among them.
    assert text.count("\nvoid Case") == 200
    assert "PackedS8x32" in text or "PackedU8x32" in text
    _check(out, "lib_6_10")


def test_batch_files_compile(tmp_path: Path) -> None:
    out = tmp_path / "batch"
    assert gen_corpus.main(["batch", "--batch", "5", "--seed", "3", "--out", str(out)]) == 0
    files = sorted(out.glob("*.hlsl"))
    assert len(files) == 5
    for path in files:
        assert "void main(" in path.read_text()
        _check(path, "cs_6_10")


def test_output_is_deterministic(tmp_path: Path) -> None:
    a, b = tmp_path / "a.hlsl", tmp_path / "b.hlsl"
    for out in (a, b):
        gen_corpus.main(["large", "--functions", "50", "--seed", "7", "--out", str(out)])
    assert a.read_text() == b.read_text()
