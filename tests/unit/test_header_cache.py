"""The header cache (hlslc/front/header_cache.py): a compile that takes the
built-in header from memory or disk produces exactly what a compile without
the cache produces, and the cache never decides anything it should not."""

from __future__ import annotations

import glob
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hlslc.front import header_cache
from hlslc.diagnostics import render_text
from hlslc.driver import CompileOptions, compile_file, compile_source

REPO = Path(__file__).resolve().parents[2]
SHADERS = sorted(glob.glob(str(REPO / "samples" / "*.hlsl"))
                 + glob.glob(str(REPO / "tests" / "acceptance" / "*.hlsl"))
                 + glob.glob(str(REPO / "tests" / "sema" / "linalg" / "thread-scope-*.hlsl")))


@pytest.fixture(autouse=True)
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("HLSLC_CACHE_DIR", str(tmp_path / "cache"))
    header_cache.clear_memory()
    yield
    header_cache.clear_memory()


def _profile(path: str) -> str:
    text = Path(path).read_text()
    return "cs_6_8" if "WaveMatrix" in text and "lib_6" not in text else "lib_6_10"


def _outcome(path: str, mode: str, **kw) -> tuple[str | None, str, str]:
    result = compile_file(path, CompileOptions(profile=_profile(path), header_cache=mode, **kw))
    return result.output, render_text(result.diagnostics), result.header_cache


@pytest.mark.parametrize("path", SHADERS, ids=lambda p: os.path.relpath(p, REPO))
def test_cached_compiles_equal_uncached_ones(path: str) -> None:
    out_off, diags_off, status_off = _outcome(path, "off")
    assert status_off == "off"
    first = _outcome(path, "disk")
    header_cache.clear_memory()
    from_disk = _outcome(path, "disk")
    again = _outcome(path, "memory")
    for output, diags, _ in (first, from_disk, again):
        assert output == out_off
        assert diags == diags_off
    if first[2] != "not used":    # the Wave Matrix shaders include no built-in header
        assert first[2] == "miss (stored)"
        assert from_disk[2] == "hit (disk)"
        assert again[2] == "hit (memory)"


def test_the_linalg_shaders_use_the_cache() -> None:
    used = [p for p in SHADERS if _outcome(p, "memory")[2] != "not used"]
    assert len(used) >= 6


def test_each_macro_environment_has_its_own_entry() -> None:
    src = "#include <dx/linalg.h>\n#ifdef EXTRA\nint extra;\n#endif\n"
    plain = compile_source(src, "a.hlsl", CompileOptions(profile="lib_6_10", header_cache="memory"))
    assert plain.header_cache == "miss (stored)"
    with_define = compile_source(src, "a.hlsl", CompileOptions(profile="lib_6_10", header_cache="memory",
                                                               defines=[("EXTRA", None)]))
    assert with_define.header_cache == "miss (stored)"
    other_profile = compile_source(src, "a.hlsl", CompileOptions(profile="lib_6_9", header_cache="memory"))
    assert other_profile.header_cache == "miss (stored)"
    again = compile_source(src, "b.hlsl", CompileOptions(profile="lib_6_10", header_cache="memory",
                                                         defines=[("EXTRA", None)]))
    assert again.header_cache == "hit (memory)"
    assert again.ok


def test_the_header_macros_stay_defined_after_a_hit() -> None:
    src = ("#include <dx/linalg.h>\n"
           "#ifndef __ARITHMETIC_TYPE\n#error the header's macro is gone\n#endif\n")
    for expected in ("miss (stored)", "hit (memory)"):
        result = compile_source(src, "a.hlsl", CompileOptions(profile="lib_6_10", header_cache="memory",
                                                              emit="nothing"))
        assert result.header_cache == expected
        assert result.ok, render_text(result.diagnostics)


def test_pragma_once_holds_after_a_hit() -> None:
    src = "#include <dx/linalg.h>\n#include <dx/linalg.h>\nint x;\n"
    for expected in ("miss (stored)", "hit (memory)"):
        result = compile_source(src, "a.hlsl", CompileOptions(profile="lib_6_10", header_cache="memory",
                                                              emit="nothing"))
        assert result.header_cache == expected
        assert result.ok, render_text(result.diagnostics)


def test_only_a_header_that_opens_the_file_is_cached() -> None:
    for src in ("int before;\n#include <dx/linalg.h>\n",
                "namespace n {\n#include <dx/linalg.h>\n}\n"):
        result = compile_source(src, "a.hlsl", CompileOptions(profile="lib_6_10", header_cache="memory",
                                                              emit="nothing"))
        assert result.header_cache == "not used"
    user_header = compile_source('#include "x.h"\n', "a.hlsl", CompileOptions(header_cache="memory"))
    assert user_header.header_cache == "not used"


def test_the_preprocessed_output_never_comes_from_the_cache() -> None:
    src = "#include <dx/linalg.h>\nint x;\n"
    opts = dict(profile="lib_6_10", header_cache="memory")
    compile_source(src, "a.hlsl", CompileOptions(**opts, emit="nothing"))
    printed = compile_source(src, "a.hlsl", CompileOptions(**opts, emit="preprocessed"))
    assert printed.header_cache == "off"
    assert "namespace dx" in (printed.output or "")


def test_a_damaged_cache_file_is_a_miss(tmp_path) -> None:
    path = str(REPO / "tests" / "acceptance" / "spec_sm610_examples.hlsl")
    reference = _outcome(path, "off")
    assert _outcome(path, "disk")[2] == "miss (stored)"
    files = glob.glob(str(tmp_path / "cache" / "headers" / "*.pickle"))
    assert len(files) == 1
    for damage in (b"", b"not a pickle", Path(files[0]).read_bytes()[:100]):
        Path(files[0]).write_bytes(damage)
        header_cache.clear_memory()
        output, diags, status = _outcome(path, "disk")
        assert status == "miss (stored)"
        assert (output, diags) == reference[:2]


def test_an_unwritable_cache_directory_only_costs_speed(tmp_path, monkeypatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("HLSLC_CACHE_DIR", str(blocker / "cache"))
    path = str(REPO / "tests" / "acceptance" / "spec_sm610_examples.hlsl")
    output, _, status = _outcome(path, "disk")
    assert status == "miss (stored)" and output


def test_errors_in_user_code_after_a_hit_point_into_the_header() -> None:
    # The note of a template failure lives in the header: its file must be
    # the one the cached declarations point into.
    path = str(REPO / "tests" / "sema" / "linalg" / "thread-scope-store.hlsl")
    off = _outcome(path, "off")
    _outcome(path, "memory")
    hit = _outcome(path, "memory")
    assert hit[2] == "hit (memory)"
    assert "linalg.h" in hit[1]
    assert hit[1] == off[1]


def test_a_new_process_reads_the_disk_entry(tmp_path) -> None:
    shader = REPO / "tests" / "acceptance" / "spec_sm610_examples.hlsl"
    env = dict(os.environ, HLSLC_CACHE_DIR=str(tmp_path / "proc-cache"), PYTHONPATH=str(REPO))
    cmd = [sys.executable, "-m", "hlslc", "-T", "lib_6_10", str(shader), "-o", os.devnull, "--time-report",
           "-fdiagnostics-format=json"]
    first = subprocess.run(cmd, env=env, capture_output=True, text=True)
    second = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert first.returncode == second.returncode == 0
    assert '"header_cache": "miss (stored)"' in first.stderr
    assert '"header_cache": "hit (disk)"' in second.stderr
