"""pytest plugin: every `tests/**/*.hlsl` file is a test, and so is every
`tests/validate/*.ll` file (IR for `hlslc validate`, with `; RUN:` lines).

A test runs its `RUN:` lines (see `support/runlines.py` for the
substitutions and the shell subset); the test passes when every RUN line
succeeds.  Files under an `Inputs/` folder are not tests: they are
includes and data for the tests next to them.  Adding a test is adding a
file.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest
from _pytest._code.code import TerminalRepr

TESTS_DIR = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS_DIR))
# hlslc itself comes from this checkout (tests run it in-process).
sys.path.insert(0, str(TESTS_DIR.parent))
# The header cache of a test run is its own (and starts empty): tests never
# read what an earlier run or another checkout left in the user's cache.
os.environ["HLSLC_CACHE_DIR"] = tempfile.mkdtemp(prefix="hlslc-test-cache-")

from support.runlines import (Runner, RunLineError, RunLineSkip, describe_failure,  # noqa: E402
                              extract_run_lines)


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix not in (".hlsl", ".ll"):
        return None
    try:
        relative = file_path.resolve().relative_to(TESTS_DIR)
    except ValueError:
        return None
    if file_path.suffix == ".ll" and relative.parts[0] != "validate":
        return None
    if "Inputs" in relative.parts:
        return None
    return HlslTestFile.from_parent(parent, path=file_path)


class HlslTestFile(pytest.File):
    def collect(self):
        yield HlslTest.from_parent(self, name=self.path.name)


class RunLineFailure(Exception):
    """A RUN line failed; the message is the whole report."""


class HlslTest(pytest.Item):
    def runtest(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        try:
            run_lines = extract_run_lines(text)
        except RunLineError as exc:
            raise RunLineFailure(f"{self.path}: {exc}") from None
        if not run_lines:
            raise RunLineFailure(f"{self.path}: no RUN lines (a {self.path.suffix} file that is not a "
                                 f"test belongs in an Inputs/ folder)")
        temp_dir = Path(self._make_temp_dir())
        runner = Runner(self.path, temp_dir / (self.path.stem + ".tmp"))
        for line in run_lines:
            try:
                command, result = runner.run_line(line)
            except RunLineSkip as exc:
                pytest.skip(str(exc))
            except RunLineError as exc:
                raise RunLineFailure(f"{self.path}:{line.line_no}: bad RUN line: {exc}\n  RUN: {line.text}") from None
            if not result.ok:
                raise RunLineFailure(describe_failure(line, command, result, self.path))

    def _make_temp_dir(self) -> str:
        factory = getattr(self.config, "_tmp_path_factory", None)
        if factory is not None:
            return str(factory.mktemp(self.path.stem, numbered=True))
        return tempfile.mkdtemp(prefix=f"hlslc-{self.path.stem}-")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, RunLineFailure):
            return _FailureReport(str(excinfo.value))
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"{self.path.suffix[1:]} test: {self.path.name}"


class _Crash:
    def __init__(self, message: str) -> None:
        self.message = message


class _FailureReport(TerminalRepr):
    """The whole report in the failure section; its first line in the
    short summary (pytest would repeat all of it there on CI)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.reprcrash = _Crash(text.splitlines()[0] if text else "failed")

    def toterminal(self, tw) -> None:
        for line in self.text.splitlines():
            tw.line(line)
