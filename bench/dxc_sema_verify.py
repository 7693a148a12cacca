#!/usr/bin/env python3
"""DXC's semantic-analysis tests (`tools/clang/test/SemaHLSL`, run with
`-verify`), through hlslc, compared line by line: where does hlslc report
an error on a line DXC accepts (a false error), and where does it accept a
line DXC rejects (a missed error)?

    python bench/dxc_sema_verify.py --dxc PATH [--rev HEAD] [-j N] [--filter SUBSTR]
                                    [--json results.json] [--show N]

PATH is a DirectXShaderCompiler checkout or its git directory (a bare
mirror: the tests are read with `git archive REV`).  Every test with a
`%dxc ... -verify` RUN line for a library or compute profile (`-T lib_*`,
`-T cs_*`) is taken; pixel, vertex and other stages' lines are left out
(hlslc compiles compute and library shaders).  Each line runs hlslc
(`python -m hlslc`, this checkout's) with the same options and `-verify`.

The tests' `expected-error` directives carry DXC's message text, which
hlslc's wording need not match; so the comparison is by line:

  agree          every line DXC expects an error on has an error from
                 hlslc, and hlslc reports no error elsewhere;
  false error    a line where hlslc reports an error and DXC expects
                 none: valid code hlslc rejects (what this sweep hunts);
  missed error   a line DXC rejects and hlslc accepts.

A test agrees when none of its RUN lines has a false or missed error; the
figures are the tests that agree, the false-error lines and the
missed-error lines, with the false errors grouped by hlslc's message.
Warnings and notes are not compared.  An internal compiler error or a
timeout is counted apart and never agrees.
"""

from __future__ import annotations

import collections
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from dxc_filecheck import (REPO, _not_applicable, _run_lines, export_suite, hlslc_arguments,  # noqa: E402
                           suite_arguments)

from hlslc.source import SourceFile  # noqa: E402
from hlslc.verify import read_expectations  # noqa: E402
from tests.support.runlines import RunLineError, parse_command_line  # noqa: E402

SUITE = "tools/clang/test/SemaHLSL"
TIMEOUT = 60
_PROFILE = re.compile(r"(?:^|\s)[-/]T\s*(\w+)")
_TAKEN = re.compile(r"^(?:lib|cs)_\d")
_SECTION = re.compile(r"^error: '[\w-]+-(error|warning|note|remark)' diagnostics (expected but not seen|seen but not expected):")
_ITEM = re.compile(r"^  (.*?):(\d+|\*): (.*)$")


class Verdict:
    def __init__(self, file: str, line: int, run: str, outcome: str, reason: str = "",
                 false_errors: list[tuple[int, str]] | None = None, missed: list[tuple[int, str]] | None = None) -> None:
        self.file = file
        self.line = line
        self.run = run
        self.outcome = outcome          # "agree", "differ", "na", "ice", "timeout"
        self.reason = reason
        self.false_errors = false_errors or []
        self.missed = missed or []

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "run": self.run, "outcome": self.outcome,
                "reason": self.reason, "false_errors": self.false_errors, "missed": self.missed}


def verify_tests(root: Path, substring: str) -> list[tuple[Path, int, str]]:
    """(file, RUN line number, RUN text) of each taken `-verify` line."""
    work = []
    for path in sorted(root.rglob("*.hlsl")):
        rel = str(path.relative_to(root))
        if substring not in rel:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for line in _run_lines(text):
            if "%dxc" in line.text and "-verify" in line.text:
                work.append((path, line.line_no, line.text))
    return work


def _error_lines(path: Path) -> set[int]:
    """The lines of `path` that DXC's `expected-error` directives name."""
    source = SourceFile(path.name, path.read_text(encoding="utf-8", errors="replace"))
    expectations, _, _ = read_expectations({path.name: source})
    return {e.line for e in expectations if e.kind == "error" and e.line is not None and e.path == path.name}


def compare(report: str, expected_lines: set[int], name: str) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """(false errors, missed errors) from hlslc's -verify report."""
    not_seen: list[tuple[int, str]] = []
    unexpected: list[tuple[int, str]] = []
    section = None
    for raw in report.splitlines():
        head = _SECTION.match(raw)
        if head:
            section = (head.group(1), head.group(2))
            continue
        item = _ITEM.match(raw)
        if not item or section is None or section[0] != "error":
            if not raw.startswith("  "):
                section = None
            continue
        where, line, message = item.groups()
        if os.path.basename(where) != name or line == "*":
            continue
        (not_seen if section[1].startswith("expected") else unexpected).append((int(line), message))
    errored = {line for line, _ in unexpected}
    false_errors = [(line, message) for line, message in unexpected if line not in expected_lines]
    missed = [(line, message) for line, message in not_seen if line not in errored]
    return false_errors, missed


def run_line(path: Path, root: Path, line_no: int, text: str) -> Verdict:
    rel = str(path.relative_to(root))
    profile = _PROFILE.search(text)
    if profile is None or not _TAKEN.match(profile.group(1)):
        return Verdict(rel, line_no, text, "na", f"profile {profile.group(1) if profile else '(none)'}")
    command = text.replace("%s", shlex.quote(str(path))).replace("%S", shlex.quote(str(path.parent)))
    try:
        pipelines = parse_command_line(command)
    except RunLineError as err:
        return Verdict(rel, line_no, text, "na", f"RUN line not understood: {err}")
    steps = pipelines[0] if len(pipelines) == 1 else []
    if len(steps) != 1 or steps[0].argv[0] != "%dxc":
        return Verdict(rel, line_no, text, "na", "not a lone %dxc -verify compile")
    why = _not_applicable(steps[0].argv[1:])
    if why is not None:
        return Verdict(rel, line_no, text, "na", why)
    # DXC's tests are of DXC's dx/linalg.h revision (its `%hlsl_headers`
    # is hlslc's built-in header under that revision).
    argv: list[str] = []
    for a in steps[0].argv[1:]:
        if a == "%hlsl_headers" and argv and argv[-1] == "-I":
            argv.pop()
        elif a != "-I%hlsl_headers":
            argv.append(a)
    args = ["--linalg-revision=dxc", *hlslc_arguments(argv, path)]
    env = dict(os.environ, PYTHONPATH=str(REPO), NO_COLOR="1")
    try:
        proc = subprocess.run([sys.executable, "-m", "hlslc", *args], cwd=path.parent, capture_output=True,
                              text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return Verdict(rel, line_no, text, "timeout", f"more than {TIMEOUT} s")
    if proc.returncode == 3 or "internal compiler error" in proc.stderr:
        first = next((l for l in proc.stderr.splitlines() if "internal compiler error" in l), "internal error")
        return Verdict(rel, line_no, text, "ice", first)
    if proc.returncode == 2:
        first = proc.stderr.strip().splitlines()[0] if proc.stderr.strip() else "bad command line"
        return Verdict(rel, line_no, text, "na", f"hlslc rejects the command line: {first}")
    false_errors, missed = compare(proc.stdout + proc.stderr, _error_lines(path), path.name)
    outcome = "agree" if not false_errors and not missed else "differ"
    return Verdict(rel, line_no, text, outcome, "", false_errors, missed)


def _normalise(message: str) -> str:
    message = re.sub(r"'[^']*'", "'…'", message)
    message = re.sub(r"\b\d+\b", "N", message)
    return message[:140]


def report(verdicts: list[Verdict], show: int) -> dict:
    by_file: dict[str, list[Verdict]] = collections.defaultdict(list)
    for v in verdicts:
        by_file[v.file].append(v)
    outcomes = {}
    for name, vs in by_file.items():
        taken = [v for v in vs if v.outcome != "na"]
        outcomes[name] = "na" if not taken else "agree" if all(v.outcome == "agree" for v in taken) else "differ"
    counts = collections.Counter(outcomes.values())
    applicable = counts["agree"] + counts["differ"]
    false_total = sum(len(v.false_errors) for v in verdicts)
    missed_total = sum(len(v.missed) for v in verdicts)
    problems = collections.Counter(v.outcome for v in verdicts if v.outcome in ("ice", "timeout"))
    rate = 100.0 * counts["agree"] / max(applicable, 1)
    print(f"DXC SemaHLSL -verify tests: {len(by_file)} files, {len(verdicts)} -verify RUN lines")
    print(f"tests that agree line by line: {counts['agree']}/{applicable} = {rate:.1f}% "
          f"(not applicable: {counts['na']})")
    print(f"false-error lines: {false_total}; missed-error lines: {missed_total}; "
          f"internal compiler errors: {problems['ice']}; timeouts: {problems['timeout']}")
    groups: dict[str, list[tuple[Verdict, int, str]]] = collections.defaultdict(list)
    for v in verdicts:
        for line, message in v.false_errors:
            groups[_normalise(message)].append((v, line, message))
    print(f"\nfalse errors, by hlslc's message ({len(groups)} groups):")
    for message, items in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        print(f"\n[{len(items):3d}] {message}")
        for v, line, text in items[:show]:
            print(f"       {v.file}:{line}  -- {text[:150]}")
    for v in verdicts:
        if v.outcome in ("ice", "timeout"):
            print(f"\n{v.outcome}: {v.file}:{v.line}: {v.reason}")
    return {"files": dict(counts), "agree_rate": rate, "false_error_lines": false_total,
            "missed_error_lines": missed_total, "ice": problems["ice"], "timeout": problems["timeout"],
            "file_outcomes": outcomes}


def main(argv: list[str] | None = None) -> int:
    args = suite_arguments(__doc__.split("\n\n")[0], "lines listed per false-error group").parse_args(argv)
    with tempfile.TemporaryDirectory() as temp:
        root = export_suite(args.dxc, args.rev, temp, SUITE)
        work = verify_tests(root, args.filter)
        with ThreadPoolExecutor(max(1, args.j)) as pool:
            verdicts = list(pool.map(lambda w: run_line(w[0], root, w[1], w[2]), work))
        summary = report(verdicts, args.show)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump({"summary": summary, "run_lines": [v.as_dict() for v in verdicts]}, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
