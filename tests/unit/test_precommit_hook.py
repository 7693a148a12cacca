"""The pre-commit hooks of .pre-commit-hooks.yaml, run by pre-commit itself
(`pre-commit try-repo`) on a git repository with a good and a bad shader.

The test runs the `hlslc-system` hook: it uses the hlslc on PATH (here a
shim that runs this checkout), so it needs no network.  The `hlslc` hook
(language: python) is the same command; pre-commit would pip-install hlslc
and its dependencies into an environment of its own for it, which needs
the package index.  Both entries are compared below.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
MANIFEST = REPO / ".pre-commit-hooks.yaml"

GOOD = '#include "common.h"\n[numthreads(1, 1, 1)]\nvoid main() { int x = VALUE; }\n'
BAD = "[numthreads(1, 1, 1)]\nvoid main() { int x = ; }\n"

pytestmark = pytest.mark.slow


def test_manifest_declares_both_hooks() -> None:
    hooks = {hook["id"]: hook for hook in yaml.safe_load(MANIFEST.read_text())}
    assert set(hooks) == {"hlslc", "hlslc-system"}
    assert hooks["hlslc"]["language"] == "python"
    assert hooks["hlslc-system"]["language"] == "system"
    for hook in hooks.values():
        assert hook["entry"] == "hlslc --project-config -fsyntax-only"
        assert hook["files"] == r"\.hlsl$"


def _git(cwd: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"})


@pytest.fixture
def hook_env(tmp_path: Path) -> dict[str, str]:
    """The environment pre-commit runs in: this checkout's hlslc first on
    PATH, pre-commit's cache in the test's folder."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    pytest.importorskip("pre_commit")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "hlslc"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m hlslc "$@"\n')
    shim.chmod(0o755)
    pythonpath = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}", "PYTHONPATH": pythonpath,
            "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "PRE_COMMIT_COLOR": "never"}


@pytest.fixture
def hooks_repo(tmp_path: Path) -> Path:
    """A repository holding only this checkout's hook manifest, committed
    (try-repo reads the manifest from a commit, whatever the checkout's
    own state)."""
    repo = tmp_path / "hooks"
    repo.mkdir()
    shutil.copy(MANIFEST, repo / ".pre-commit-hooks.yaml")
    _git(repo, "init", "-q")
    _git(repo, "add", ".pre-commit-hooks.yaml")
    _git(repo, "commit", "-q", "-m", "hooks")
    return repo


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project whose good shader needs the [tool.hlslc] table's options."""
    project = tmp_path / "project"
    (project / "inc").mkdir(parents=True)
    (project / "inc" / "common.h").write_text("#define VALUE N\n")
    (project / "shaders").mkdir()
    (project / "shaders" / "good.hlsl").write_text(GOOD)
    (project / "shaders" / "bad.hlsl").write_text(BAD)
    (project / "README.md").write_text("not a shader\n")
    (project / "pyproject.toml").write_text('[project]\nname = "shaders"\n\n[tool.hlslc]\ninclude_dirs = ["inc"]\n'
                                            'defines = ["N=4"]\nprofile = "cs_6_6"\n')
    _git(project, "init", "-q")
    _git(project, "add", ".")
    return project


def _try_repo(project: Path, hooks_repo: Path, env: dict[str, str], *files: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pre_commit", "try-repo", str(hooks_repo), "hlslc-system",
                           "--files", *files], cwd=project, env=env, capture_output=True, text=True, timeout=300)


def test_hook_passes_a_good_shader_with_the_project_options(project: Path, hooks_repo: Path,
                                                            hook_env: dict[str, str]) -> None:
    done = _try_repo(project, hooks_repo, hook_env, "shaders/good.hlsl", "README.md")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "hlslc (installed)" in done.stdout and "Passed" in done.stdout


def test_hook_fails_a_bad_shader_with_its_diagnostic(project: Path, hooks_repo: Path,
                                                     hook_env: dict[str, str]) -> None:
    done = _try_repo(project, hooks_repo, hook_env, "shaders/good.hlsl", "shaders/bad.hlsl")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Failed" in done.stdout
    assert "shaders/bad.hlsl:2:23: error: expected expression" in done.stdout
    assert "good.hlsl" not in done.stdout       # the good shader compiled with the configured options


def test_hook_reports_a_broken_configuration(project: Path, hooks_repo: Path, hook_env: dict[str, str]) -> None:
    (project / "pyproject.toml").write_text('[tool.hlslc]\ninclude_dirs = ["inc"]\nprofile = "cs_6_66"\n')
    done = _try_repo(project, hooks_repo, hook_env, "shaders/good.hlsl")
    assert done.returncode == 1, done.stdout + done.stderr
    assert "pyproject.toml:3:11: error: " in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
