"""Every sample in samples/ compiles cleanly (in this process)."""

from __future__ import annotations

import contextlib
import io

import pytest

from hlslc import cli
from support.samples import README_SAMPLES, SAMPLES_DIR, compile_args_for, sample_files


@pytest.mark.parametrize("sample", sample_files(), ids=lambda p: p.name)
def test_sample_compiles(sample):
    out, err = io.StringIO(), io.StringIO()
    # As the sample's own `// Compile:` line says, checking everything
    # before code generation.
    argv = [*compile_args_for(sample), "-fsyntax-only", str(sample)]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    assert status == 0, f"hlslc {' '.join(argv)} exited {status}:\n{err.getvalue()}"
    assert err.getvalue() == "", f"hlslc {' '.join(argv)} reported:\n{err.getvalue()}"


@pytest.mark.parametrize("name", README_SAMPLES)
def test_readme_samples_exist(name):
    assert (SAMPLES_DIR / name).is_file(), f"README.md names samples/{name}, which does not exist"
