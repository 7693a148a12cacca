"""Tests of tests/support/filecheck.py: every directive must pass when it
should and, just as important, fail when it should."""

from __future__ import annotations

import pytest

from support.filecheck import FileCheckFailure, FileCheckUsageError, check_text, run

INPUT = """\
define void @main() {
entry:
  %0 = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %1 = add i32 %0,   1

  ret void
}
"""


def passes(checks: str, text: str = INPUT, **kw) -> None:
    check_text(checks, text, **kw)


def fails(checks: str, text: str = INPUT, **kw) -> str:
    with pytest.raises(FileCheckFailure) as info:
        check_text(checks, text, **kw)
    return str(info.value)


def bad_checks(checks: str, text: str = INPUT, **kw) -> str:
    with pytest.raises(FileCheckUsageError) as info:
        check_text(checks, text, **kw)
    return str(info.value)


# --- CHECK ---------------------------------------------------------------------

def test_check_matches_in_order():
    passes("// CHECK: define void @main\n// CHECK: ret void\n")


def test_check_out_of_order_fails():
    message = fails("// CHECK: ret void\n// CHECK: define void\n")
    assert "CHECK: expected pattern not found" in message
    assert "// CHECK: define void" in message


def test_wrong_check_fails_and_shows_check_line_and_nearest_output():
    message = fails("// CHECK: call i32 @dx.op.threadID.i32(i32 94")
    assert "<checks>:1: error: CHECK: expected pattern not found in input" in message
    assert "// CHECK: call i32 @dx.op.threadID.i32(i32 94" in message
    assert "note: closest line" in message
    assert "@dx.op.threadId.i32(i32 93, i32 0)" in message


def test_checks_are_whitespace_insensitive():
    passes("; CHECK: %1 = add i32 %0, 1\n")
    passes("; CHECK: call   i32\t@dx.op")


def test_whitespace_is_not_optional():
    fails("; CHECK: %1=add")


def test_strict_whitespace():
    fails("; CHECK: %0, 1", strict_whitespace=True)
    passes("; CHECK: %0,   1", strict_whitespace=True)


def test_regex_blocks():
    passes("; CHECK: call i32 @dx.op.{{[a-zA-Z]+}}.i32(i32 {{[0-9]+}}, i32 0)")
    fails("; CHECK: call i32 @dx.op.{{[0-9]+}}.i32")


def test_regex_with_braces_inside():
    passes("; CHECK: i32 {{[0-9]{2}}}, i32 0")


def test_literal_text_is_not_a_regex():
    passes("; CHECK: @dx.op.threadId.i32(i32")
    fails("; CHECK: @dx.op.threadId.i32(i3.")


# --- NEXT / SAME / EMPTY -----------------------------------------------------

def test_check_next():
    passes("; CHECK: entry:\n; CHECK-NEXT: call i32\n; CHECK-NEXT: add i32\n")


def test_check_next_fails_when_a_line_is_skipped():
    message = fails("; CHECK: entry:\n; CHECK-NEXT: add i32\n")
    assert "CHECK-NEXT" in message and "not on the next line" in message


def test_check_next_fails_on_the_same_line():
    message = fails("; CHECK: call\n; CHECK-NEXT: @dx.op\n")
    assert "same line" in message


def test_check_same():
    passes("; CHECK: call\n; CHECK-SAME: @dx.op.threadId\n; CHECK-SAME: i32 0)\n")
    fails("; CHECK: call\n; CHECK-SAME: add i32\n")


def test_check_empty():
    passes("; CHECK: add i32\n; CHECK-EMPTY:\n; CHECK-NEXT: ret void\n")
    message = fails("; CHECK: entry:\n; CHECK-EMPTY:\n")
    assert "not empty" in message


def test_next_as_first_directive_is_an_error():
    assert "no match before it" in bad_checks("; CHECK-NEXT: entry:\n")


# --- NOT / DAG / LABEL ---------------------------------------------------------

def test_check_not_between_matches():
    passes("; CHECK: define\n; CHECK-NOT: store\n; CHECK: ret\n")
    message = fails("; CHECK: define\n; CHECK-NOT: add\n; CHECK: ret\n")
    assert "excluded pattern found" in message


def test_check_not_only_looks_between_its_neighbours():
    # 'add' occurs, but before the match that starts the NOT range.
    passes("; CHECK: add\n; CHECK-NOT: add\n; CHECK: ret\n")


def test_check_not_at_end_and_start():
    passes("; CHECK-NOT: store\n; CHECK: ret\n; CHECK-NOT: call\n")
    fails("; CHECK: define\n; CHECK-NOT: }\n")


def test_check_dag_any_order():
    passes("; CHECK-DAG: add i32\n; CHECK-DAG: call i32\n; CHECK: ret void\n")
    fails("; CHECK-DAG: add i32\n; CHECK-DAG: store i32\n")


def test_check_dag_matches_do_not_overlap():
    text = "x = 1\ny = 2\n"
    passes("; CHECK-DAG: = {{[0-9]}}\n; CHECK-DAG: = {{[0-9]}}\n", text)
    fails("; CHECK-DAG: = {{[0-9]}}\n; CHECK-DAG: = {{[0-9]}}\n; CHECK-DAG: = {{[0-9]}}\n", text)


def test_check_label_splits_blocks():
    text = "define @a() {\n  ret 1\n}\ndefine @b() {\n  ret 2\n}\n"
    passes("; CHECK-LABEL: @a()\n; CHECK: ret 1\n; CHECK-LABEL: @b()\n; CHECK: ret 2\n", text)
    # 'ret 2' exists, but not inside @a's block.
    fails("; CHECK-LABEL: @a()\n; CHECK: ret 2\n; CHECK-LABEL: @b()\n", text)


def test_check_count():
    text = "a\nb\na\na\n"
    passes("; CHECK-COUNT-3: a\n", text)
    fails("; CHECK-COUNT-4: a\n", text)


# --- variables -----------------------------------------------------------------

def test_variables_capture_and_use():
    passes("; CHECK: [[ID:%[0-9]+]] = call\n; CHECK: add i32 [[ID]], 1\n")
    fails("; CHECK: [[ID:%[0-9]+]] = call\n; CHECK: ret void [[ID]]\n")


def test_variable_used_in_the_same_pattern():
    passes("; CHECK: [[X:[a-z]+]] [[X]]", "foo foo\n")
    fails("; CHECK: [[X:[a-z]+]] [[X]]!", "foo bar!\n")


def test_undefined_variable():
    assert "undefined variable 'NOPE'" in fails("; CHECK: [[NOPE]]")


def test_variable_regex_with_brackets():
    passes("; CHECK: [[R:[%][0-9]]] = add", "%1 = add\n")


# --- prefixes, implicit-check-not, errors in the checks ------------------------------

def test_check_prefix():
    checks = "; ERR: call i32\n; CHECK: nothing like this\n"
    passes(checks, prefixes=["ERR"])
    fails(checks, prefixes=["CHECK"])


def test_check_prefixes_and_similar_names():
    checks = "; A: define\n; A-NEXT: entry:\n; B: ret\n; A-ERR: not a directive of A\n"
    passes(checks, prefixes=["A", "B"])


def test_prefix_with_a_dash_wins_over_shorter_prefix():
    # Were 'CHECK-ERR:' read as CHECK with an unknown suffix, the prefix
    # CHECK-ERR would have no directives and this would be an error.
    passes("; CHECK: define\n; CHECK-ERR: ret\n", prefixes=["CHECK", "CHECK-ERR"])
    fails("; CHECK: ret\n; CHECK-ERR: entry\n", prefixes=["CHECK", "CHECK-ERR"])


def test_unused_prefix_is_an_error():
    assert "prefix 'B' has no directives" in bad_checks("; A: define\n", prefixes=["A", "B"])


def test_no_directives_is_an_error():
    assert "no check directives found" in bad_checks("nothing here\n")


def test_misspelt_directive_is_an_error():
    assert "did you mean 'CHECK-NEXT:'" in bad_checks("; CHECK: define\n; CHECK-NXET: entry\n")


def test_empty_pattern_is_an_error():
    assert "empty pattern" in bad_checks("; CHECK:\n")


def test_invalid_regex_is_an_error():
    assert "invalid regular expression" in bad_checks("; CHECK: {{[}}\n")


def test_comment_directive_is_ignored():
    passes("; COM: CHECK: this is not checked\n; CHECK: define\n")


def test_implicit_check_not():
    passes("; CHECK: define\n", implicit_not=["warning:"])
    message = fails("; CHECK: define\n", "define\nfoo.hlsl:1: warning: x\n", implicit_not=["warning:"])
    assert "excluded text 'warning:'" in message
    # Text inside a positive match is allowed.
    passes("; CHECK: warning: expected\n", "warning: expected\n", implicit_not=["warning:"])


def test_empty_input():
    assert "input is empty" in fails("; CHECK: x\n", "")
    with pytest.raises(FileCheckFailure):
        check_text("; CHECK-NOT: x\n", "")
    check_text("; CHECK-NOT: x\n", "", allow_empty=True)


def test_directive_after_run_line_text():
    # A RUN line mentions the prefix without a colon: not a directive.
    checks = "// RUN: hlslc %s | FileCheck %s --check-prefix=CHECK\n// CHECK: define\n"
    passes(checks)


# --- the command-line entry point used by RUN lines -------------------------------

def test_run_reads_the_check_file(tmp_path):
    check_file = tmp_path / "t.hlsl"
    check_file.write_text("// CHECK: ret void\n// ERR: nope\n")
    assert run([str(check_file)], INPUT) == (0, "")
    status, message = run([str(check_file), "--check-prefix=ERR"], INPUT)
    assert status == 1
    assert f"{check_file}:2: error: ERR: expected pattern not found" in message
    status, _ = run([str(check_file), "--check-prefix", "ERR"], "nope\n")
    assert status == 0
    # Both prefixes together: directives keep their order in the file.
    assert run([str(check_file), "--check-prefixes=CHECK,ERR"], "ret void\nnope\n")[0] == 0
    assert run([str(check_file), "--check-prefixes=ERR,CHECK"], "nope\nret void\n")[0] == 1


def test_run_input_file_and_defines(tmp_path):
    check_file = tmp_path / "c.txt"
    check_file.write_text("CHECK: value [[V]]\n")
    data = tmp_path / "out.txt"
    data.write_text("value 42\n")
    assert run([str(check_file), f"--input-file={data}", "-DV=42"], "")[0] == 0
    assert run([str(check_file), f"--input-file={data}", "-DV=43"], "")[0] == 1


def test_run_usage_errors(tmp_path):
    check_file = tmp_path / "c.txt"
    check_file.write_text("CHECK: x\n")
    assert run([], "x")[0] == 2
    status, message = run([str(check_file), "--bogus"], "x")
    assert status == 2 and "unknown option '--bogus'" in message
    assert run([str(tmp_path / "missing.txt")], "x")[0] == 2


def test_line_pseudo_variable():
    checks = "\n\n; CHECK: line [[@LINE]] next [[@LINE+1]] prev [[@LINE-2]]\n"
    passes(checks, "line 3 next 4 prev 1\n")
    fails(checks, "line 2 next 4 prev 1\n")
