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


# The dxc revision's dx/linalg.h includes <type_traits> and <enable_if>:
# built-in headers the entry checks again on every hit.
DXC_SHADERS = sorted(p for p in glob.glob(str(REPO / "tests" / "codegen" / "dxc-linalg-*.hlsl"))
                     if "--linalg-revision=dxc -T cs_6_10" in Path(p).read_text())
DXC = dict(profile="lib_6_10", linalg_revision="dxc", enable_16bit_types=True)


@pytest.mark.parametrize("path", DXC_SHADERS, ids=lambda p: os.path.relpath(p, REPO))
def test_the_dxc_revision_header_is_cached_with_what_it_includes(path: str) -> None:
    def outcome(mode: str) -> tuple[str | None, str, str]:
        # As their RUN lines compile them.
        result = compile_file(path, CompileOptions(**dict(DXC, profile="cs_6_10"), header_cache=mode))
        return result.output, render_text(result.diagnostics), result.header_cache

    out_off, diags_off, _ = outcome("off")
    assert out_off is not None, diags_off
    first = outcome("disk")
    header_cache.clear_memory()
    from_disk = outcome("disk")
    again = outcome("memory")
    statuses = [first[2], from_disk[2], again[2]]
    assert statuses in (["miss (stored)", "hit (disk)", "hit (memory)"], ["not used"] * 3)
    for output, diags, _ in (first, from_disk, again):
        assert output == out_off
        assert diags == diags_off


def test_the_dxc_revision_shaders_use_the_cache() -> None:
    used = [p for p in DXC_SHADERS
            if compile_file(p, CompileOptions(**dict(DXC, profile="cs_6_10"), header_cache="memory",
                                              emit="nothing")).header_cache != "not used"]
    assert len(used) >= 4


def test_an_include_that_finds_another_file_is_a_miss(tmp_path) -> None:
    src = "#include <dx/linalg.h>\nint x;\n"
    stored = compile_source(src, "a.hlsl", CompileOptions(**DXC, header_cache="memory", emit="nothing"))
    assert stored.header_cache == "miss (stored)", render_text(stored.diagnostics)
    # A -I directory's <type_traits> comes before the built-in one: the
    # header now reads a user file, so the entry does not apply, and the
    # header is not cached with a user file in it.
    shadow = tmp_path / "inc"
    shadow.mkdir()
    builtin = REPO / "hlslc" / "include" / "revisions" / "dxc" / "type_traits"
    (shadow / "type_traits").write_text("// a user copy\n" + builtin.read_text())
    shadowed = compile_source(src, "a.hlsl", CompileOptions(**DXC, header_cache="memory", emit="nothing",
                                                            include_dirs=[str(shadow)]))
    assert shadowed.header_cache == "miss (not cacheable)"
    assert str(shadow / "type_traits") in shadowed.files
    again = compile_source(src, "a.hlsl", CompileOptions(**DXC, header_cache="memory", emit="nothing"))
    assert again.header_cache == "hit (memory)"
    assert str(builtin) in again.files


def test_headers_the_main_file_includes_first_compile_as_without_the_cache() -> None:
    compile_source("#include <dx/linalg.h>\n", "a.hlsl", CompileOptions(**DXC, header_cache="memory"))
    # <type_traits> first: it is the header that opens the file (cached on
    # its own), and dx/linalg.h's include of it is then skipped.
    src = "#include <type_traits>\n#include <dx/linalg.h>\nint x;\n"
    off = compile_source(src, "a.hlsl", CompileOptions(**DXC, header_cache="off", emit="nothing"))
    for _ in range(2):
        cached = compile_source(src, "a.hlsl", CompileOptions(**DXC, header_cache="memory", emit="nothing"))
        assert render_text(cached.diagnostics) == render_text(off.diagnostics)
        assert cached.ok == off.ok
