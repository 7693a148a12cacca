"""Tests of the RUN-line runner (tests/support/runlines.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from support.runlines import (RunLine, RunLineError, Runner, describe_failure, extract_run_lines,
                              parse_command_line, substitute, tokenize)


def test_extract_run_lines_with_continuation():
    text = ("// RUN: %hlslc -P %s \\\n"
            "// RUN:   | FileCheck %s\n"
            "int x;\n"
            "// RUN: not %hlslc %s\n")
    lines = extract_run_lines(text)
    assert [(run.line_no, run.text) for run in lines] == [
        (1, "%hlslc -P %s | FileCheck %s"),
        (4, "not %hlslc %s"),
    ]


def test_dangling_continuation_is_an_error():
    with pytest.raises(RunLineError):
        extract_run_lines("// RUN: %hlslc %s \\\nint x;\n")


def test_substitutions(tmp_path):
    test_file = tmp_path / "dir" / "a.hlsl"
    result = substitute("%hlslc %s -I %S -o %t %p/x 100%% %hlslc-subprocess", test_file, tmp_path / "a.tmp")
    parts = result.split()
    assert parts[0] == "hlslc"
    assert parts[1] == str(test_file)
    assert parts[3] == str(test_file.parent)
    assert parts[5] == str(tmp_path / "a.tmp")
    assert parts[6] == f"{test_file.parent}/x"
    assert parts[7] == "100%"
    assert parts[8:] == [sys.executable, "-m", "hlslc"]


def test_unknown_substitution(tmp_path):
    with pytest.raises(RunLineError, match="unknown substitution '%foo'"):
        substitute("%hlslc %foo", tmp_path / "a.hlsl", tmp_path / "t")


def test_tokenize_operators_and_quotes():
    assert tokenize("a 'b c' \"d|e\" 2>&1 | f > g && h 2> i") == [
        ("word", "a"), ("word", "b c"), ("word", "d|e"), ("op", "2>&1"), ("op", "|"),
        ("word", "f"), ("op", ">"), ("word", "g"), ("op", "&&"), ("word", "h"), ("op", "2>"),
        ("word", "i")]


def test_parse_pipelines():
    pipelines = parse_command_line("not not --crash hlslc x 2>&1 | FileCheck y && cat < z >> w")
    assert len(pipelines) == 2
    first, second = pipelines
    assert first[0].negate == 2 and first[0].crash and first[0].stderr_to_stdout
    assert first[0].argv == ["hlslc", "x"]
    assert first[1].argv == ["FileCheck", "y"]
    assert second[0].stdin_file == "z" and second[0].stdout_file == "w" and second[0].stdout_append


def test_parse_errors():
    with pytest.raises(RunLineError):
        parse_command_line("hlslc x |")
    with pytest.raises(RunLineError):
        parse_command_line("hlslc x >")


def _run(tmp_path: Path, command: str, body: str = "") -> tuple[bool, str]:
    test_file = tmp_path / "t.hlsl"
    test_file.write_text(body)
    runner = Runner(test_file, tmp_path / "t.tmp")
    line = RunLine(1, command)
    expanded, result = runner.run_line(line)
    report = "" if result.ok else describe_failure(line, expanded, result, test_file)
    return result.ok, report


def test_pipe_into_filecheck(tmp_path):
    ok, _ = _run(tmp_path, "echo hello world | FileCheck %s", "// CHECK: hello world\n")
    assert ok
    ok, report = _run(tmp_path, "echo hello there | FileCheck %s", "// CHECK: hello world\n")
    assert not ok
    assert "RUN line failed" in report and "FileCheck" in report and "exit status 1" in report
    assert "hello there" in report


def test_not(tmp_path):
    assert _run(tmp_path, "not cat %t")[0]            # cat of a missing file fails
    assert not _run(tmp_path, "not echo hi")[0]
    assert _run(tmp_path, "not not echo hi")[0]


def test_redirect_to_temp_file(tmp_path):
    ok, _ = _run(tmp_path, "echo abc > %t && cat %t | FileCheck %s", "// CHECK: abc\n")
    assert ok
    ok, _ = _run(tmp_path, "echo abc > %t && FileCheck %s --input-file=%t", "// CHECK: abc\n")
    assert ok


def test_pipefail(tmp_path):
    # The first command fails; the second succeeds on empty input: the line fails.
    ok, report = _run(tmp_path, "cat %t | FileCheck %s --allow-empty", "// CHECK-NOT: x\n")
    assert not ok
    assert "failing step: cat" in report


def test_in_process_hlslc(tmp_path):
    ok, _ = _run(tmp_path, "%hlslc --version | FileCheck %s", "// CHECK: hlslc {{[0-9]+\\.[0-9]+}}\n")
    assert ok


def test_in_process_hlslc_stderr_needs_redirect(tmp_path):
    body = "// CHECK: unknown option\n"
    assert not _run(tmp_path, "not %hlslc -bogus | FileCheck %s", body)[0]
    assert _run(tmp_path, "not %hlslc -bogus 2>&1 | FileCheck %s", body)[0]


def test_not_rejects_internal_errors_and_not_crash_wants_them(tmp_path):
    body = "int x;\n"
    ok, report = _run(tmp_path, "not %hlslc --debug-crash -P %s", body)
    assert not ok and "internal error" in report
    assert _run(tmp_path, "not --crash %hlslc --debug-crash -P %s", body)[0]
    assert not _run(tmp_path, "not --crash %hlslc -bogus", body)[0]


def test_env_prefix(tmp_path):
    ok, _ = _run(tmp_path, "not --crash env HLSLC_TRACEBACK=1 %hlslc --debug-crash -P %s 2>&1 | FileCheck %s",
                 "// CHECK: Traceback (most recent call last)\n")
    assert ok
