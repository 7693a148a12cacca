"""The benchmark corpus generator (bench/gen_corpus.py) writes valid programs,
and the benchmark script (bench/run.py) runs.

A large library file and a few batch shaders are generated into tmp_path and
compiled with hlslc through the whole pipeline (lowering and the validator
included: the uniformity and thread-count rules only show there): no
errors, and no warnings other than the spec's documented ones (which the
generator avoids too, so none are expected in practice).  The benchmark is
run once on tiny inputs, for its shape only: no figure is checked.
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
    result = hlslc.compile_file(path, hlslc.CompileOptions(profile=profile))
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


def test_copies_repeat_the_functions_under_new_names(tmp_path: Path) -> None:
    one, three = tmp_path / "one.hlsl", tmp_path / "three.hlsl"
    gen_corpus.main(["large", "--functions", "40", "--seed", "5", "--out", str(one)])
    gen_corpus.main(["large", "--functions", "40", "--seed", "5", "--copies", "3", "--out", str(three)])
    names = [line.split("(")[0] for line in three.read_text().splitlines() if line.startswith("void Case")]
    assert len(names) == 120 and len(set(names)) == 120
    assert sum(1 for n in names if n.endswith("_c3")) == 40
    _check(three, "lib_6_10")


def test_the_benchmark_runs(tmp_path: Path) -> None:
    import subprocess
    out = subprocess.run([sys.executable, str(REPO / "bench" / "run.py"), "--repeat", "1", "--only", "small,batch",
                          "--batch", "3", "--jobs", "2", "--keep", str(tmp_path / "work")],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[0].startswith("hlslc vs clang 19")
    assert any(line.startswith("28  small: header + 3 SM 6.10 examples") for line in lines)
    assert any(line.startswith("    small stages (CPU s, --time-report): preprocess ") for line in lines)
    assert any(line.startswith("7   batch: 3 files, one hlslc, -j 2") for line in lines)
