"""The wheel works on its own: build it, install it (not editable) into a
fresh venv, and run the installed `hlslc` on the samples from a directory
outside the checkout.

Part of the normal suite (CI runs it); `-m "not wheel"` skips it locally.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from support.samples import compile_args_for, sample_files

pytestmark = pytest.mark.wheel

REPO = Path(__file__).resolve().parents[1]
_SKIP = {".git", "build", "dist", "__pycache__", ".pytest_cache"}


def _ignore(directory: str, names: list[str]) -> set[str]:
    return {n for n in names if n in _SKIP or n.startswith(".venv") or n.endswith(".egg-info")}


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(argv: list, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in argv], cwd=cwd, env=_env(), capture_output=True, text=True,
                          timeout=timeout)


def _check(proc: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    assert proc.returncode == 0, (f"{' '.join(proc.args)} exited {proc.returncode}\n"
                                  f"stdout:\n{proc.stdout}\nstderr:\n{proc.stderr}")
    return proc


def _build_wheel(source: Path, out_dir: Path) -> Path:
    try:
        import build  # noqa: F401
        command = [sys.executable, "-m", "build", "--wheel", "--outdir", out_dir, source]
    except ImportError:
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", out_dir, source]
    _check(_run(command, cwd=source))
    wheels = list(out_dir.glob("hlslc-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def _bin(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


def _install(wheel: Path, venv: Path, work: Path) -> str:
    """Install into a fresh venv; return how ('isolated' or 'system-site')."""
    _check(_run([sys.executable, "-m", "venv", venv], cwd=work))
    proc = _run([_bin(venv, "python"), "-m", "pip", "install", wheel], cwd=work)
    if proc.returncode == 0:
        return "isolated"
    # No index reachable: take lark/llvmlite/rich from this Python's site-packages.
    shutil.rmtree(venv)
    _check(_run([sys.executable, "-m", "venv", "--system-site-packages", venv], cwd=work))
    _check(_run([_bin(venv, "python"), "-m", "pip", "install", "--no-index", "--ignore-installed",
                 "--no-deps", wheel], cwd=work))
    _check(_run([_bin(venv, "python"), "-c", "import lark, llvmlite, rich"], cwd=work))
    return "system-site"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path | str]:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "src"
    shutil.copytree(REPO, source, ignore=_ignore)
    wheel = _build_wheel(source, work / "dist")
    venv = work / "venv"
    how = _install(wheel, venv, work)
    outside = work / "elsewhere"
    outside.mkdir()
    return {"wheel": wheel, "venv": venv, "outside": outside, "how": how}


def test_wheel_carries_the_data_files(installed):
    names = set(zipfile.ZipFile(installed["wheel"]).namelist())
    assert "hlslc/cli.py" in names
    assert "hlslc/py.typed" in names
    assert "hlslc/_grammar/hlsl.lark" in names
    assert "hlslc/_grammar/hlsl.tables" in names
    assert "hlslc/_ir/__init__.py" in names
    assert "hlslc/include/dx/linalg.h" in names
    assert "hlslc/include/revisions/draft/dx/linalg.h" in names
    assert {"hlslc/include/revisions/dxc/dx/linalg.h", "hlslc/include/revisions/dxc/type_traits",
            "hlslc/include/revisions/dxc/enable_if"} <= names
    assert "hlslc/schemas/reflection.schema.json" in names
    assert {"hlslc/devices/nvidia-h100.json", "hlslc/devices/apple-metal.json",
            "hlslc/devices/webgpu-baseline.json"} <= names
    assert not any(n.startswith("tests/") for n in names)


def test_installed_package_is_the_one_imported(installed):
    proc = _check(_run([_bin(installed["venv"], "python"), "-c", "import hlslc; print(hlslc.__file__)"],
                       cwd=installed["outside"]))
    assert Path(proc.stdout.strip()).resolve().is_relative_to(Path(installed["venv"]).resolve())


def test_version(installed):
    from hlslc import __version__
    expected = f"hlslc {__version__}\n"
    outside = installed["outside"]
    assert _check(_run([_bin(installed["venv"], "hlslc"), "--version"], cwd=outside)).stdout == expected
    assert _check(_run([_bin(installed["venv"], "python"), "-m", "hlslc", "--version"],
                       cwd=outside)).stdout == expected


def test_installed_package_uses_its_packaged_parse_tables(installed):
    # The packaged tables match the grammar, so nothing is rebuilt (and Lark
    # is never imported) on a compile.
    code = ("import sys, hlslc.front.parse_tables as t; t.load_tables(); "
            "print(any(m == 'lark' or m.startswith('lark.') for m in sys.modules))")
    proc = _check(_run([_bin(installed["venv"], "python"), "-c", code], cwd=installed["outside"]))
    assert proc.stdout.strip() == "False"


def test_installed_hlslc_compiles_the_samples(installed):
    samples = sample_files()
    assert samples, "samples/ has no .hlsl files"
    outside = Path(installed["outside"])
    for sample in samples:
        copy = outside / sample.name
        shutil.copy(sample, copy)
        options = compile_args_for(sample)
        proc = _run([_bin(installed["venv"], "hlslc"), *options, copy.name], cwd=outside)
        _check(proc)
        assert proc.stderr == "", proc.stderr


def test_installed_hlslc_reflects_and_knows_its_devices(installed):
    # The schema and the built-in profiles are package data, not checkout files.
    outside = Path(installed["outside"])
    sample = next(s for s in sample_files() if s.name == "tiled_gemm_wave.hlsl")
    shutil.copy(sample, outside / sample.name)
    hlslc = _bin(installed["venv"], "hlslc")
    _check(_run([hlslc, sample.name, "-o", "out.ll", "--reflect", "out.json", "--target-device", "nvidia-h100"],
                cwd=outside))
    assert '"format": "hlslc-reflection"' in (outside / "out.json").read_text()
    listing = _check(_run([hlslc, "--list-devices"], cwd=outside)).stdout
    assert listing.splitlines()[0].startswith("nvidia-h100")
    code = "import hlslc.reflection as r; print(len(r.load_schema()['$defs']))"
    assert int(_check(_run([_bin(installed["venv"], "python"), "-c", code], cwd=outside)).stdout) > 5


def test_installed_hlslc_runs_a_sample_on_the_jit(installed):
    # The JIT (hlslc.runner.jit) is part of the wheel: `--engine jit` runs
    # the tiled GEMM sample itself, with no word of falling back.
    outside = Path(installed["outside"])
    for name in ("tiled_gemm_wave.hlsl", "tiled_gemm_wave.yaml"):
        shutil.copy(Path(__file__).resolve().parents[1] / "samples" / name, outside / name)
    proc = _check(_run([_bin(installed["venv"], "hlslc"), "run", "tiled_gemm_wave.hlsl", "--pipeline",
                        "tiled_gemm_wave.yaml", "--engine", "jit", "--print-buffers=none"], cwd=outside))
    assert proc.stderr == "", proc.stderr
    assert ": pass" in proc.stdout and "FAIL" not in proc.stdout, proc.stdout
